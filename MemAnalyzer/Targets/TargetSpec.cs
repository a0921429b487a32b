using MemAnalyzer.Dac;

namespace MemAnalyzer.Targets;

/// <summary>What to analyze: a core dump or a live process.</summary>
public sealed record TargetSpec(string? DumpPath, int? ProcessId)
{
    public static TargetSpec Dump(string path) => new(path, null);

    public static TargetSpec Process(int pid) => new(null, pid);

    public override string ToString() => DumpPath is not null ? $"dump '{DumpPath}'" : $"process {ProcessId}";
}

namespace MemAnalyzer.Targets;

/// <summary>What to analyze: a core dump or a live process, and for a process how to read it.</summary>
public sealed record TargetSpec(string? DumpPath, int? ProcessId, AttachMode Attach = AttachMode.Auto)
{
    public static TargetSpec Dump(string path) => new(path, null);

    public static TargetSpec Process(int pid, AttachMode attach = AttachMode.Auto) => new(null, pid, attach);

    public override string ToString() => DumpPath is not null ? $"dump '{DumpPath}'" : $"process {ProcessId}";
}

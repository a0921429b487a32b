namespace MemAnalyzer.Analysis;

/// <summary>What to analyze: a core dump or a live process.</summary>
public sealed record TargetSpec(string? DumpPath, int? ProcessId)
{
    public static TargetSpec Dump(string path) => new(path, null);

    public static TargetSpec Process(int pid) => new(null, pid);

    public override string ToString() => DumpPath is not null ? $"dump '{DumpPath}'" : $"process {ProcessId}";
}

/// <summary>One type-statistics run, built from the command line and handed to the core.</summary>
/// <param name="SecondTarget">The second side of a diff (-f2/-pid2); null for a single target.</param>
public sealed record AnalysisRequest(
    TargetSpec Target,
    SortKey SortKey,
    int TopN,
    long MinCount,
    ObjectSelection Selection,
    SizeUnit Unit,
    TargetSpec? SecondTarget = null);

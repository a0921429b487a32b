using MemAnalyzer.Targets;

namespace MemAnalyzer.Analysis;

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

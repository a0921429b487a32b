namespace MemAnalyzer.Analysis;

/// <summary>
/// The summary rows of a diff, by section: the heap summary and the memory map (-vmmap). Rows are diffed where both sides
/// have them (a dump without side-car has no Resident_ rows).
/// </summary>
public sealed record SummaryDiffs(IReadOnlyList<SummaryDiff> Heap, IReadOnlyList<SummaryDiff> MemoryMap)
{
    /// <summary>The heap summary rows followed by the memory-map rows, as the console diff lists them.</summary>
    public IReadOnlyList<SummaryDiff> All => [.. Heap, .. MemoryMap];

    public static SummaryDiffs Of(TargetSnapshot first, TargetSnapshot second) =>
        new(SnapshotDiff.CompareSummaries(first.HeapSummary, second.HeapSummary), SnapshotDiff.CompareSummaries(first.MemoryRows, second.MemoryRows));
}

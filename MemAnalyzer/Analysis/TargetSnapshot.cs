namespace MemAnalyzer.Analysis;

/// <summary>A heap snapshot and, with -vmmap, the memory-map rows taken while the heap was open.</summary>
/// <param name="MemoryRows">The memory-map rows after the heap summary; none without -vmmap. Built once: renderers, CSV and -resultfile all read them.</param>
/// <param name="MemoryWarnings">What the memory map could not say exactly.</param>
public sealed record TargetSnapshot(HeapSnapshot Heap, IReadOnlyList<SummaryRow> MemoryRows, IReadOnlyList<string> MemoryWarnings)
{
    public IReadOnlyList<string> Warnings => MemoryWarnings.Count == 0 ? Heap.Warnings : [.. Heap.Warnings, .. MemoryWarnings];

    /// <summary>The heap summary rows (Managed Heap(...)).</summary>
    public IReadOnlyList<SummaryRow> HeapSummary => [.. SummaryRows.Of(Heap)];

    /// <summary>What -resultfile reports: Allocated(Total) with -vmmap, as the original's exit code did, else the managed heap.</summary>
    public long ResultBytes => MemoryRows.FirstOrDefault(r => r.Label == RowLabels.AllocatedTotal)?.Bytes ?? Heap.AllocatedBytes;
}

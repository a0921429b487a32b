namespace MemAnalyzer.Analysis;

/// <summary>The heap summary rows below the type rows: Free, Allocated, Frozen, AwaitingFinalization (-dead) and TotalSize.</summary>
public static class SummaryRows
{
    /// <summary>
    /// The summary rows as statistics. Count is null where a row has no instance count.
    /// Allocated covers every object of the selection, not only the rows shown.
    /// </summary>
    public static IEnumerable<SummaryRow> Of(HeapSnapshot snapshot)
    {
        if (snapshot.Selection == ObjectSelection.All)
        {
            yield return new SummaryRow(RowLabels.ManagedFree, snapshot.FreeBytes, snapshot.FreeCount);
        }
        yield return new SummaryRow(RowLabels.ManagedAllocated, snapshot.AllocatedBytes, snapshot.ObjectCount);
        if (snapshot.UnreadablePlaces > 0)
        {
            yield return new SummaryRow(RowLabels.ManagedUnreadable, snapshot.UnreadableBytes, snapshot.UnreadablePlaces);
        }
        yield return new SummaryRow(RowLabels.ManagedFrozen, snapshot.FrozenBytes, snapshot.FrozenCount);
        if (snapshot.Selection == ObjectSelection.Dead)
        {
            yield return new SummaryRow(RowLabels.ManagedAwaitingFinalization, snapshot.AwaitingFinalizationBytes, snapshot.AwaitingFinalizationCount);
        }
        yield return new SummaryRow(RowLabels.ManagedTotalSize, snapshot.SegmentBytes, null);
    }
}

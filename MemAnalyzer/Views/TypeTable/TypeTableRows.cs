using MemAnalyzer.Output;
using MemAnalyzer.Analysis;

namespace MemAnalyzer.Views;

/// <summary>
/// Turns a type table or a diff into the rows the CSV and the JSON document write, section by section. Summary and
/// memory-map rows become rows too, with 0 instances where they have none.
/// </summary>
public static class TypeTableRows
{
    public static TableSections<TypeTableRow> FromSnapshot(IReadOnlyList<TypeStatistics> rows, TargetSnapshot target, SizeUnit unit, TargetContext context)
    {
        var recorded = SelectionText.Of(target.Heap.Selection, target.Heap.Generation);
        return new(
            [.. rows.Select(r => new TypeTableRow(unit.Convert(r.Bytes), r.Count, r.TypeName, context, r.Retained is { } retained ? unit.Convert(retained) : null, recorded))],
            Summary(target.HeapSummary),
            Summary(target.MemoryRows));

        IReadOnlyList<TypeTableRow> Summary(IEnumerable<SummaryRow> summaries) =>
            [.. summaries.Select(s => new TypeTableRow(unit.Convert(s.Bytes), s.Count ?? 0, s.Label, context, null, recorded))];
    }

    public static TableSections<DiffTableRow> FromDiff(IReadOnlyList<TypeDiff> rows, SummaryDiffs summaries, SizeUnit unit) =>
        new(
            [.. rows.Select(r => new DiffTableRow(unit.Exact(r.Bytes2 - r.Bytes1), r.DeltaCount, r.Count1, r.Count2, unit.Exact(r.Bytes1), unit.Exact(r.Bytes2), r.AverageSize1, r.AverageSize2, r.TypeName,
                Exact(unit, r.Retained1), Exact(unit, r.Retained2), Exact(unit, r.Retained2 - r.Retained1)))],
            Summary(summaries.Heap, unit),
            Summary(summaries.MemoryMap, unit));

    private static IReadOnlyList<DiffTableRow> Summary(IEnumerable<SummaryDiff> summaries, SizeUnit unit) =>
        [.. summaries.Select(s => new DiffTableRow(unit.Exact(s.Bytes2 - s.Bytes1), s.DeltaCount, s.Count1, s.Count2, unit.Exact(s.Bytes1), unit.Exact(s.Bytes2), null, null, s.Label))];

    private static decimal? Exact(SizeUnit unit, long? bytes) => bytes is { } b ? unit.Exact(b) : null;
}

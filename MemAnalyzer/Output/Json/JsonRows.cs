using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>
/// Turns the CSV rows of a run into its JSON target: the same records the CSV writes, so the two never disagree. The
/// type rows come first in those lists; the rows after them are the heap summary (labels "Managed Heap(...)") and then
/// the memory map (-vmmap).
/// </summary>
public static class JsonRows
{
    public static JsonTarget FromTypes(IReadOnlyList<TypeCsvRow> rows, int typeRows, CsvContext context)
    {
        var (types, summary, memory) = Split(rows, typeRows, r => r.Type);
        return JsonTarget.Of(context) with
        {
            Types = [.. types.Select(r => new JsonTypeRow(r.Type, r.Allocated, r.Instances, r.Retained))],
            Summary = [.. summary.Select(r => new JsonTypeRow(r.Type, r.Allocated, r.Instances))],
            MemoryMap = [.. memory.Select(r => new JsonTypeRow(r.Type, r.Allocated, r.Instances))],
        };
    }

    public static JsonTarget FromDiff(IReadOnlyList<DiffCsvRow> rows, int typeRows)
    {
        var (types, summary, memory) = Split(rows, typeRows, r => r.Type);
        return new JsonTarget(Name: null) { Diff = [.. types.Select(Diff)], DiffSummary = [.. summary.Select(Diff)], DiffMemoryMap = [.. memory.Select(Diff)] };
    }

    public static JsonTarget FromStrings(IReadOnlyList<StringCsvRow> rows, CsvContext context) =>
        JsonTarget.Of(context) with { Strings = [.. rows.Select(r => new JsonStringRow(r.Value, r.Count, r.Waste, r.InstanceSize, r.Owner, r.Address))] };

    public static JsonTarget FromSuspects(IReadOnlyList<SuspectCsvRow> rows, CsvContext context) =>
        JsonTarget.Of(context) with
        {
            Suspects = [.. rows.Select(r => new JsonSuspectRow(r.Rank, r.Kind, r.Type, r.Address, r.Instances, r.Retained, r.Share, r.PointType,
                r.PointAddress, r.PointRetained, r.Path, r.Accumulated))],
        };

    public static JsonTarget FromSuspectsDiff(IReadOnlyList<SuspectGrowthCsvRow> rows) =>
        new(Name: null)
        {
            SuspectsDiff = [.. rows.Select(r => new JsonSuspectGrowthRow(r.Rank, r.Growth, r.Retained, r.Retained2, r.Matched, r.PointType, r.PointAddress2, r.Path, r.Accumulated))],
        };

    public static JsonTarget FromStringsDiff(IReadOnlyList<StringDiffCsvRow> rows) =>
        new(Name: null) { StringsDiff = [.. rows.Select(r => new JsonStringDiffRow(r.Value, r.Delta, r.DeltaInstances, r.Instances, r.Instances2, r.Allocated, r.Allocated2))] };

    private static JsonDiffRow Diff(DiffCsvRow r) =>
        new(r.Type, r.Delta, r.DeltaInstances, r.Instances, r.Instances2, r.Allocated, r.Allocated2, r.AvgSize, r.AvgSize2, r.Retained, r.Retained2, r.DeltaRetained);

    private static (IEnumerable<TRow> Types, IEnumerable<TRow> Summary, IEnumerable<TRow> Memory) Split<TRow>(IReadOnlyList<TRow> rows, int typeRows, Func<TRow, string> label)
    {
        var rest = rows.Skip(typeRows).ToList();
        return (rows.Take(typeRows), rest.Where(r => IsHeapSummary(label(r))), rest.Where(r => !IsHeapSummary(label(r))));
    }

    private static bool IsHeapSummary(string label) => label.StartsWith(RowLabels.ManagedPrefix, StringComparison.Ordinal);
}

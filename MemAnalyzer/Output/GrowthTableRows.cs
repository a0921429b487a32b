using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>
/// One group of a view's diff (-handles, -finalizable, -inspections with -f2/-pid2) in the CSV and JSON, bytes in the run's
/// unit. <paramref name="Change"/> is "new" (only on the second side), "gone" (only on the first) or empty.
/// </summary>
public sealed record GrowthTableRow(string Group, string Key, long Count, long Count2, long DeltaCount, long Bytes, long Bytes2, long DeltaBytes, string Change);

/// <summary>
/// A view diff's CSV schema: the group column (Kind, State, Inspection), Type, the count column on both sides and its
/// Delta, Bytes on both sides and DeltaBytes; with <paramref name="change"/>, a Change column (new, gone). No context
/// columns, as every diff CSV.
/// </summary>
public sealed class GrowthCsvRowMap : CsvSchema<GrowthTableRow>
{
    public GrowthCsvRowMap(SizeUnit unit, string group, string count, bool change = false)
    {
        Column(group, r => r.Group);
        Column("Type", r => r.Key);
        Column(count, r => r.Count);
        Column(count + "2", r => r.Count2);
        Column("Delta" + count, r => r.DeltaCount);
        Column($"Bytes({unit})", r => r.Bytes);
        Column($"Bytes2({unit})", r => r.Bytes2);
        Column($"DeltaBytes({unit})", r => r.DeltaBytes);
        if (change)
        {
            Column("Change", r => r.Change);
        }
    }
}

public static class GrowthTableRows
{
    public const string New = "new";
    public const string Gone = "gone";

    public static string Change(GroupGrowth g) => g.IsNew ? New : g.IsGone ? Gone : "";

    public static IReadOnlyList<GrowthTableRow> From(IReadOnlyList<GroupGrowth> growth, SizeUnit unit) =>
        [.. growth.Select(g => new GrowthTableRow(g.Group, g.Key, g.Count, g.Count2, g.DeltaCount,
            unit.Convert(g.Bytes), unit.Convert(g.Bytes2), unit.Convert(g.Bytes2) - unit.Convert(g.Bytes), Change(g)))];
}

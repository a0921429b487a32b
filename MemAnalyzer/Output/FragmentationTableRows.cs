using System.Globalization;
using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>
/// One row of the -fragmentation CSV and JSON; bytes in the run's unit. <see cref="Section"/> says which:
/// <c>Generation</c> (Count: free blocks, Bytes: free bytes, with Range, Allocated, FreePercent, Largest),
/// <c>Pinned</c> (pinned objects next to free blocks: Count, Bytes) or <c>FreeBlock</c> (one of the largest: Address,
/// Count 1, Bytes its size, Type the object right after it).
/// </summary>
public sealed record FragmentationTableRow(string Section, string Generation, string PinnedBy, string Type, string Address, long Count, long Bytes,
    long? Range, long? Allocated, string FreePercent, long? Largest, TargetContext Context);

/// <summary>One row of the -fragmentation diff's CSV and JSON: a generation (Count: free blocks, Bytes: free bytes) or pinned objects next to free blocks.</summary>
public sealed record FragmentationDiffTableRow(string Section, string Generation, string PinnedBy, string Type, long Count, long Count2, long DeltaCount,
    long Bytes, long Bytes2, long DeltaBytes, string FreePercent, string FreePercent2);

/// <summary>
/// The -fragmentation CSV schema: the key columns Section, Generation, PinnedBy, Type, Address; the numbers Count,
/// Bytes, Range, Allocated, FreePercent, Largest; then the context columns.
/// </summary>
public sealed class FragmentationCsvRowMap : CsvSchema<FragmentationTableRow>
{
    public FragmentationCsvRowMap(SizeUnit unit)
    {
        Column("Section", r => r.Section);
        Column("Generation", r => r.Generation);
        Column("PinnedBy", r => r.PinnedBy);
        Column("Type", r => r.Type);
        Column("Address", r => r.Address);
        Column("Count", r => r.Count);
        Column($"Bytes({unit})", r => r.Bytes);
        Column($"Range({unit})", r => r.Range);
        Column($"Allocated({unit})", r => r.Allocated);
        Column("FreePercent", r => r.FreePercent);
        Column($"Largest({unit})", r => r.Largest);
        ContextColumns(r => r.Context);
    }
}

/// <summary>The -fragmentation diff's CSV schema: both sides and the change, no context columns (as every diff CSV).</summary>
public sealed class FragmentationDiffCsvRowMap : CsvSchema<FragmentationDiffTableRow>
{
    public FragmentationDiffCsvRowMap(SizeUnit unit)
    {
        Column("Section", r => r.Section);
        Column("Generation", r => r.Generation);
        Column("PinnedBy", r => r.PinnedBy);
        Column("Type", r => r.Type);
        Column("Count", r => r.Count);
        Column("Count2", r => r.Count2);
        Column("DeltaCount", r => r.DeltaCount);
        Column($"Bytes({unit})", r => r.Bytes);
        Column($"Bytes2({unit})", r => r.Bytes2);
        Column($"DeltaBytes({unit})", r => r.DeltaBytes);
        Column("FreePercent", r => r.FreePercent);
        Column("FreePercent2", r => r.FreePercent2);
    }
}

public static class FragmentationTableRows
{
    public const string GenerationSection = "Generation";
    public const string PinnedSection = "Pinned";
    public const string FreeBlockSection = "FreeBlock";

    public static IReadOnlyList<FragmentationTableRow> From(FragmentationReport report, SizeUnit unit, TargetContext context) =>
    [
        .. report.Generations.Select(g => new FragmentationTableRow(GenerationSection, HeapGenerations.Name(g.Generation), "", "", "", g.FreeBlocks,
            unit.Convert(g.FreeBytes), unit.Convert(g.RangeBytes), unit.Convert(g.AllocatedBytes), Percent(g.FreePercent), unit.Convert(g.LargestFree), context)),
        .. report.Pinned.Select(p => new FragmentationTableRow(PinnedSection, HeapGenerations.Name(p.Generation), p.PinnedBy, p.TypeName, "", p.Count,
            unit.Convert(p.Bytes), null, null, "", null, context)),
        .. report.Largest.Select(b => new FragmentationTableRow(FreeBlockSection, HeapGenerations.Name(b.Generation), "", b.NextType ?? "", $"0x{b.Address:x}", 1,
            unit.Convert(b.Size), null, null, "", null, context)),
    ];

    public static IReadOnlyList<FragmentationDiffTableRow> FromDiff(FragmentationDiff diff, SizeUnit unit) =>
    [
        .. diff.Generations.Select(g => new FragmentationDiffTableRow(GenerationSection, HeapGenerations.Name(g.Generation), "", "", g.First.FreeBlocks,
            g.Second.FreeBlocks, g.Second.FreeBlocks - g.First.FreeBlocks, unit.Convert(g.First.FreeBytes), unit.Convert(g.Second.FreeBytes),
            unit.Convert(g.Second.FreeBytes) - unit.Convert(g.First.FreeBytes), Percent(g.First.FreePercent), Percent(g.Second.FreePercent))),
        .. diff.Pinned.Select(p => new FragmentationDiffTableRow(PinnedSection, HeapGenerations.Name(p.Generation), p.PinnedBy, p.TypeName, p.Count, p.Count2,
            p.DeltaCount, unit.Convert(p.Bytes), unit.Convert(p.Bytes2), unit.Convert(p.Bytes2) - unit.Convert(p.Bytes), "", "")),
    ];

    /// <summary>Two decimals, invariant: "38.25".</summary>
    public static string Percent(double value) => value.ToString("F2", CultureInfo.InvariantCulture);
}

using System.Globalization;
using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using C = MemAnalyzer.Output.TableColumn<MemAnalyzer.Views.FragmentationTableRow>;
using D = MemAnalyzer.Output.TableColumn<MemAnalyzer.Views.FragmentationTableRow.Diff>;

namespace MemAnalyzer.Views;

/// <summary>
/// One row of -fragmentation; bytes in the run's unit. <see cref="Section"/> says which: <c>Generation</c> (Count: free
/// blocks, Bytes: free bytes, with Range, Allocated, FreePercent, Largest), <c>Pinned</c> (pinned objects next to free
/// blocks: Count, Bytes) or <c>FreeBlock</c> (one of the largest: Address, Count 1, Bytes its size, Type the object right
/// after it). The console shows each section as a table of its own.
/// </summary>
public sealed record FragmentationTableRow(string Section, string Generation, string PinnedBy, string Type, string Address, long Count, long Bytes,
    long? Range, long? Allocated, string FreePercent, long? Largest, TargetContext? Context)
{
    public const string GenerationSection = "Generation";
    public const string PinnedSection = "Pinned";
    public const string FreeBlockSection = "FreeBlock";

    /// <summary>
    /// The -fragmentation table: the key columns Section, Generation, PinnedBy, Type, Address; the numbers Count, Bytes,
    /// Range, Allocated, FreePercent, Largest; then the context columns. In JSON, what a section does not fill is left out.
    /// </summary>
    public static readonly TableDeclaration<FragmentationTableRow> Table = new(
        [
            C.String("Section", r => r.Section),
            C.String("Generation", r => r.Generation),
            C.String("PinnedBy", r => r.PinnedBy, ColumnJson.TextOrNone),
            C.String("Type", r => r.Type, ColumnJson.TextOrNone) with { ConsoleEmpty = "(none)" },
            C.String("Address", r => r.Address, ColumnJson.TextOrNone),
            C.Count("Count", r => r.Count),
            C.Size("Bytes", r => r.Bytes),
            C.Size("Range", r => r.Range),
            C.Size("Allocated", r => r.Allocated),
            C.Figure("FreePercent", r => r.FreePercent),
            C.Size("Largest", r => r.Largest),
        ],
        context: r => r.Context!);

    /// <summary>The console's tables: the generations, the largest free blocks, the pinned objects next to free blocks.</summary>
    public static readonly IReadOnlyList<string> GenerationsLayout =
        ["Generation", "Range", "Allocated", "Bytes:Free", "FreePercent:Free%", "Count:FreeBlocks", "Largest:LargestFree"];

    public static readonly IReadOnlyList<string> FreeBlocksLayout = ["Address", "Bytes:Size", "Generation", "Type:Next object's type"];

    public static readonly IReadOnlyList<string> PinnedLayout = ["Generation", "PinnedBy", "Count:Objects", "Bytes", "Type"];

    public static IReadOnlyList<FragmentationTableRow> From(FragmentationReport report, SizeUnit unit, TargetContext? context) =>
    [
        .. report.Generations.Select(g => new FragmentationTableRow(GenerationSection, HeapGenerations.Name(g.Generation), "", "", "", g.FreeBlocks,
            unit.Convert(g.FreeBytes), unit.Convert(g.RangeBytes), unit.Convert(g.AllocatedBytes), Percent(g.FreePercent), unit.Convert(g.LargestFree), context)),
        .. report.Pinned.Select(p => new FragmentationTableRow(PinnedSection, HeapGenerations.Name(p.Generation), p.PinnedBy, p.TypeName, "", p.Count,
            unit.Convert(p.Bytes), null, null, "", null, context)),
        .. report.Largest.Select(b => new FragmentationTableRow(FreeBlockSection, HeapGenerations.Name(b.Generation), "", b.NextType ?? "", $"0x{b.Address:x}", 1,
            unit.Convert(b.Size), null, null, "", null, context)),
    ];

    /// <summary>Two decimals, invariant: "38.25".</summary>
    public static string Percent(double value) => value.ToString("F2", CultureInfo.InvariantCulture);

    /// <summary>One row of the diff: a generation (Count: free blocks, Bytes: free bytes) or pinned objects next to free blocks.</summary>
    public sealed record Diff(string Section, string Generation, string PinnedBy, string Type, long Count, long Count2, long DeltaCount,
        long Bytes, long Bytes2, long DeltaBytes, string FreePercent, string FreePercent2)
    {
        /// <summary>The diff's table: both sides and the change, no context columns (as every diff CSV).</summary>
        public static readonly TableDeclaration<Diff> Table = new(
            [
                D.String("Section", r => r.Section),
                D.String("Generation", r => r.Generation),
                D.String("PinnedBy", r => r.PinnedBy, ColumnJson.TextOrNone),
                D.String("Type", r => r.Type, ColumnJson.TextOrNone),
                D.Count("Count", r => r.Count),
                D.Count("Count2", r => r.Count2),
                D.Count("DeltaCount", r => r.DeltaCount) with { Look = ColumnLook.Signed },
                D.Size("Bytes", r => r.Bytes),
                D.Size("Bytes2", r => r.Bytes2),
                D.Size("DeltaBytes", r => r.DeltaBytes) with { Look = ColumnLook.Signed },
                D.Figure("FreePercent", r => r.FreePercent),
                D.Figure("FreePercent2", r => r.FreePercent2),
            ]);

        public static readonly IReadOnlyList<string> GenerationsLayout =
        [
            "Generation", "Bytes:Free", "Bytes2:Free2", "DeltaBytes:DeltaFree", "FreePercent:Free%", "FreePercent2:Free%2", "Count:FreeBlocks",
            "Count2:FreeBlocks2", "DeltaCount:DeltaBlocks",
        ];

        public static readonly IReadOnlyList<string> PinnedLayout =
            ["Generation", "PinnedBy", "Count:Objects", "Count2:Objects2", "DeltaCount:Delta", "Bytes", "Bytes2", "DeltaBytes", "Type"];

        public static IReadOnlyList<Diff> From(FragmentationDiff diff, SizeUnit unit) =>
        [
            .. diff.Generations.Select(g => new Diff(GenerationSection, HeapGenerations.Name(g.Generation), "", "", g.First.FreeBlocks,
                g.Second.FreeBlocks, g.Second.FreeBlocks - g.First.FreeBlocks, unit.Convert(g.First.FreeBytes), unit.Convert(g.Second.FreeBytes),
                unit.Convert(g.Second.FreeBytes) - unit.Convert(g.First.FreeBytes), Percent(g.First.FreePercent), Percent(g.Second.FreePercent))),
            .. diff.Pinned.Select(p => new Diff(PinnedSection, HeapGenerations.Name(p.Generation), p.PinnedBy, p.TypeName, p.Count, p.Count2,
                p.DeltaCount, unit.Convert(p.Bytes), unit.Convert(p.Bytes2), unit.Convert(p.Bytes2) - unit.Convert(p.Bytes), "", "")),
        ];
    }
}

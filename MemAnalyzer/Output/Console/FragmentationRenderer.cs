using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>-fragmentation on the console: the verdict, the generations, the largest free blocks, the pinned objects next to free blocks; a diff shows both sides and the change.</summary>
public static class FragmentationRenderer
{
    public static void Write(TextWriter writer, FragmentationReport report, SizeUnit unit)
    {
        var verdict = FragmentationVerdict.Lines(report);
        writer.WriteLine(verdict.Count == 0
            ? $"Fragmentation: no generation has {FragmentationVerdict.MinFreePercent:F0}% of its range and {NumberFormat.N(FragmentationVerdict.MinFreeBytes)} bytes or more in free blocks."
            : $"Fragmentation: {string.Join("; ", verdict)}.");
        TextTable.Write(writer, ["Generation", $"Range({unit})", $"Allocated({unit})", $"Free({unit})", "Free%", "FreeBlocks", $"LargestFree({unit})"],
            [.. report.Generations.Select(g => (IReadOnlyList<string>)[HeapGenerations.Name(g.Generation), N(unit, g.RangeBytes), N(unit, g.AllocatedBytes),
                N(unit, g.FreeBytes), FragmentationTableRows.Percent(g.FreePercent), NumberFormat.N(g.FreeBlocks), N(unit, g.LargestFree)])],
            textColumns: new HashSet<int> { 0 });
        writer.WriteLine();
        writer.WriteLine($"Largest free blocks ({report.Largest.Count}), and the object right after each:");
        TextTable.Write(writer, ["Address", $"Size({unit})", "Generation", "Next object's type"],
            [.. report.Largest.Select(b => (IReadOnlyList<string>)[$"0x{b.Address:x}", N(unit, b.Size), HeapGenerations.Name(b.Generation), b.NextType ?? "(none)"])],
            textColumns: new HashSet<int> { 0, 2 });
        writer.WriteLine();
        writer.WriteLine($"Pinned objects next to free blocks: {NumberFormat.N(report.Pinned.Sum(p => p.Count))}.");
        TextTable.Write(writer, ["Generation", "PinnedBy", "Objects", $"Bytes({unit})", "Type"],
            [.. report.Pinned.Select(p => (IReadOnlyList<string>)[HeapGenerations.Name(p.Generation), p.PinnedBy, NumberFormat.N(p.Count), N(unit, p.Bytes), p.TypeName])],
            textColumns: new HashSet<int> { 0, 1 });
    }

    public static void WriteDiff(TextWriter writer, FragmentationDiff diff, SizeUnit unit)
    {
        writer.WriteLine("Fragmentation, both targets:");
        TextTable.Write(writer, ["Generation", $"Free({unit})", $"Free2({unit})", $"DeltaFree({unit})", "Free%", "Free%2", "FreeBlocks", "FreeBlocks2", "DeltaBlocks"],
            [.. diff.Generations.Select(g => (IReadOnlyList<string>)[HeapGenerations.Name(g.Generation), N(unit, g.First.FreeBytes), N(unit, g.Second.FreeBytes),
                Signed(unit.Convert(g.Second.FreeBytes) - unit.Convert(g.First.FreeBytes)), FragmentationTableRows.Percent(g.First.FreePercent),
                FragmentationTableRows.Percent(g.Second.FreePercent), NumberFormat.N(g.First.FreeBlocks), NumberFormat.N(g.Second.FreeBlocks),
                Signed(g.Second.FreeBlocks - g.First.FreeBlocks)])],
            textColumns: new HashSet<int> { 0 });
        writer.WriteLine();
        writer.WriteLine("Pinned objects next to free blocks:");
        TextTable.Write(writer, ["Generation", "PinnedBy", "Objects", "Objects2", "Delta", $"Bytes({unit})", $"Bytes2({unit})", $"DeltaBytes({unit})", "Type"],
            [.. diff.Pinned.Select(p => (IReadOnlyList<string>)[HeapGenerations.Name(p.Generation), p.PinnedBy, NumberFormat.N(p.Count), NumberFormat.N(p.Count2),
                Signed(p.DeltaCount), N(unit, p.Bytes), N(unit, p.Bytes2), Signed(unit.Convert(p.Bytes2) - unit.Convert(p.Bytes)), p.TypeName])],
            textColumns: new HashSet<int> { 0, 1 });
    }

    private static string N(SizeUnit unit, long bytes) => NumberFormat.N(unit.Convert(bytes));

    private static string Signed(long value) => value > 0 ? "+" + NumberFormat.N(value) : NumberFormat.N(value);
}

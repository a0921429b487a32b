using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>The table of a view's diff (-handles, -finalizable, -inspections with -f2/-pid2): both sides and the change of each group.</summary>
public static class GrowthRenderer
{
    /// <param name="group">The group column: Kind, State, Inspection.</param>
    /// <param name="count">The count column: Handles, Objects, Count.</param>
    /// <param name="change">With a Change column (new, gone).</param>
    public static void WriteTable(TextWriter writer, IReadOnlyList<GroupGrowth> growth, SizeUnit unit, string group, string count, bool change = false)
    {
        string[] header = [group, count, count + "2", "Delta", $"Bytes({unit})", $"Bytes2({unit})", $"DeltaBytes({unit})", .. change ? ["Change"] : Array.Empty<string>(), "Type"];
        TextTable.Write(writer, header,
            [.. growth.Select(g => (IReadOnlyList<string>)[g.Group, NumberFormat.N(g.Count), NumberFormat.N(g.Count2), Signed(g.DeltaCount),
                NumberFormat.N(unit.Convert(g.Bytes)), NumberFormat.N(unit.Convert(g.Bytes2)), Signed(unit.Convert(g.Bytes2) - unit.Convert(g.Bytes)),
                .. change ? [GrowthTableRows.Change(g)] : Array.Empty<string>(), g.Key])],
            textColumns: change ? new HashSet<int> { 0, 7 } : new HashSet<int> { 0 });
    }

    /// <summary>"+3,000", "-5", "0".</summary>
    public static string Signed(long value) => value > 0 ? "+" + NumberFormat.N(value) : NumberFormat.N(value);
}

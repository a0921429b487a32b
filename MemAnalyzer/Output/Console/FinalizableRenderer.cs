using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>-finalizable on the console: the totals, the finalizer thread, then one row per state and type.</summary>
public static class FinalizableRenderer
{
    public static void Write(TextWriter writer, FinalizationReport report, SizeUnit unit)
    {
        var groups = report.Groups;
        string Count(string state) => NumberFormat.N(groups.Where(g => g.State == state).Sum(g => g.Count));
        writer.WriteLine($"Finalization: {NumberFormat.N(groups.Sum(g => g.Count))} objects: {Count(FinalizationReport.Ready)} ready for finalization, "
            + $"{Count(FinalizationReport.Unreachable)} unreachable (queued by the next GC), {Count(FinalizationReport.Live)} live.");
        if (report.FinalizerThread == 0)
        {
            writer.WriteLine("Finalizer thread: not found.");
        }
        else if (!report.FinalizerBusy)
        {
            writer.WriteLine($"Finalizer thread {report.FinalizerThread}: waiting for work, not inside a finalizer.");
        }
        else
        {
            writer.WriteLine(report.ReadyCount > 0
                ? $"Finalizer thread {report.FinalizerThread}: BLOCKED inside a finalizer while {NumberFormat.N(report.ReadyCount)} objects wait behind it:"
                : $"Finalizer thread {report.FinalizerThread}: inside a finalizer:");
            foreach (var frame in report.FinalizerFrames)
            {
                writer.WriteLine($"  {frame}");
            }
        }
        TextTable.Write(writer, ["State", "Objects", $"Bytes({unit})", $"Retained({unit})", "Type"],
            [.. groups.Select(g => (IReadOnlyList<string>)[g.State, NumberFormat.N(g.Count), NumberFormat.N(unit.Convert(g.Bytes)),
                g.Retained is { } r ? NumberFormat.N(unit.Convert(r)) : "", g.TypeName])],
            textColumns: new HashSet<int> { 0 });
    }

    /// <summary>
    /// A diff: the totals of both sides, the three groups that grew most ("+200 Ready Namespace.Type (+4,800 Bytes)"),
    /// then both sides and the change of each state and type.
    /// </summary>
    public static void WriteDiff(TextWriter writer, IReadOnlyList<GroupGrowth> growth, SizeUnit unit)
    {
        if (growth.Count == 0)
        {
            writer.WriteLine("Finalization: no state and type changed between the two targets.");
            return;
        }
        var (before, after) = (growth.Sum(g => g.Count), growth.Sum(g => g.Count2));
        writer.WriteLine($"Finalizable objects that changed: {NumberFormat.N(before)} → {NumberFormat.N(after)} ({GrowthRenderer.Signed(after - before)}).");
        foreach (var g in growth.Where(g => g.DeltaCount > 0).Take(3))
        {
            writer.WriteLine($"{GrowthRenderer.Signed(g.DeltaCount)} {g.Group} {g.Key} ({GrowthRenderer.Signed(unit.Convert(g.DeltaBytes))} {unit})");
        }
        GrowthRenderer.WriteTable(writer, growth, unit, "State", "Objects");
    }
}

using System.Globalization;
using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using MemAnalyzer.Suspects;

namespace MemAnalyzer.Views;

/// <summary>-suspects in a diff on the console: each owner that grew, its root path, and the types that grew beneath it.</summary>
public static class SuspectGrowthRenderer
{
    public static void Write(TextWriter writer, IReadOnlyList<SuspectGrowth> growth, long firstLive, long secondLive, double percent, SizeUnit unit, IReadOnlySet<string>? known = null)
    {
        var threshold = percent.ToString("0.##", CultureInfo.InvariantCulture);
        var heap = $"the live heap went from {SuspectRenderer.Bytes(firstLive, unit)} to {SuspectRenderer.Bytes(secondLive, unit)}";
        if (growth.Count == 0)
        {
            writer.WriteLine($"No leak suspect by growth: no owner's retained bytes grew by {threshold} % of the live heap's growth or more ({heap}).");
            return;
        }
        writer.WriteLine($"Leak suspects by growth: owners whose retained bytes grew by {threshold} % of the live heap's growth or more ({heap}), most growth first.");
        for (var i = 0; i < growth.Count; i++)
        {
            var g = growth[i];
            writer.WriteLine();
            var before = g.Matched ? SuspectRenderer.Bytes(g.FirstRetained, unit) : "nothing on this path";
            if (g.Second.IsGroup)
            {
                writer.WriteLine($"{i + 1}. {NumberFormat.N(g.Second.Instances)} instances of {g.Second.TypeName} ({NumberFormat.N(g.FirstInstances)} before), none an owner alone, grew by {SuspectRenderer.Bytes(g.Growth, unit)}: together retain {SuspectRenderer.Bytes(g.SecondRetained, unit)}, was {SuspectRenderer.Bytes(g.FirstRetained, unit)}");
            }
            else
            {
                writer.WriteLine($"{i + 1}. {g.Second.PointTypeName} {SuspectTableRows.Address(g.Second.PointAddress)} grew by {SuspectRenderer.Bytes(g.Growth, unit)}: retains {SuspectRenderer.Bytes(g.SecondRetained, unit)}, was {before}");
            }
            writer.WriteLine($"   Root path: {(g.Second.Path is null ? "(none)" : RootPathRenderer.MarkedText(g.Second.Path))}");
            if (g.Second.Path is { Verdicts: not null } judged && RootPathRenderer.VerdictText(judged) is { Length: > 0 } verdicts)
            {
                writer.WriteLine($"   Verdicts: {verdicts}");
            }
            writer.WriteLine(BaselineStatus.Line(known, g.Second.Signature));
            if (g.Accumulated.Count > 0)
            {
                writer.WriteLine("   Grew beneath it:");
                var table = new StringWriter { NewLine = writer.NewLine };
                TextTable.Write(table, ["Delta(Instances)", $"Delta({unit})", "Instances", $"Allocated({unit})", "Type"],
                    [.. g.Accumulated.Select(t => new[] { Signed(t.DeltaCount), Signed(unit.Convert(t.DeltaBytes)), NumberFormat.N(t.Count), NumberFormat.N(unit.Convert(t.Bytes)), t.TypeName })]);
                foreach (var line in table.ToString().Split(writer.NewLine).Where(l => l.Length > 0))
                {
                    writer.WriteLine("     " + line);
                }
            }
        }
    }

    private static string Signed(long value) => value > 0 ? "+" + NumberFormat.N(value) : NumberFormat.N(value);
}

using MemAnalyzer.Output;
using System.Globalization;
using MemAnalyzer.Analysis;
using MemAnalyzer.Suspects;

namespace MemAnalyzer.Views;

/// <summary>-suspects on the console: each suspect, its accumulation point, the root path to it and the types accumulated beneath.</summary>
public static class SuspectRenderer
{
    public static void Write(TextWriter writer, SuspectReport report, double percent, SizeUnit unit, IReadOnlySet<string>? known = null)
    {
        var threshold = percent.ToString("0.##", CultureInfo.InvariantCulture);
        if (report.Suspects.Count == 0)
        {
            writer.WriteLine($"No leak suspect: no object and no type's top-level instances retain {threshold} % or more of the live heap ({Bytes(report.LiveBytes, unit)}). A lower -suspectpct lists smaller ones.");
            return;
        }
        writer.WriteLine($"Leak suspects: what retains {threshold} % or more of the live heap ({Bytes(report.LiveBytes, unit)}), largest first.");
        for (var i = 0; i < report.Suspects.Count; i++)
        {
            var s = report.Suspects[i];
            writer.WriteLine();
            if (s.Pattern is not null && (i == 0 || report.Suspects[i - 1].Pattern is null))
            {
                writer.WriteLine(LibraryPatternsTitle);
                writer.WriteLine();
            }
            var who = s.IsGroup
                ? $"{NumberFormat.N(s.Instances)} instances of {s.TypeName}, none {threshold} % alone, together"
                : $"{s.TypeName} {SuspectTableRows.Address(s.Address)}";
            writer.WriteLine($"{i + 1}. {who} retain{(s.IsGroup ? "" : "s")} {Bytes(s.Retained, unit)} ({Share(s.Retained, s.LiveBytes)} of the live heap)");
            if (!s.IsGroup)
            {
                writer.WriteLine($"   Accumulation point: {s.PointTypeName} {SuspectTableRows.Address(s.PointAddress)}, retains {Bytes(s.PointRetained, unit)}{(s.PointAddress == s.Address ? " (the suspect itself)" : "")}");
            }
            writer.WriteLine($"   Root path: {(s.Path is null ? "(none)" : RootPathRenderer.MarkedText(s.Path))}");
            if (s.Path is { Verdicts: not null } judged && RootPathRenderer.VerdictText(judged) is { Length: > 0 } verdicts)
            {
                writer.WriteLine($"   Verdicts: {verdicts}");
            }
            if (s.Pattern is { } pattern)
            {
                writer.WriteLine($"   Library pattern: {pattern.Name}. Usual fix: {pattern.Hint}.");
            }
            writer.WriteLine(BaselineStatus.Line(known, s.Signature));
            WriteTypes(writer, s.IsGroup ? "   Its instances and what they dominate:" : "   Accumulated beneath the point:", s.Accumulated, unit);
        }
    }

    /// <summary>The heading of the suspects that framework code keeps (after the application's own).</summary>
    public const string LibraryPatternsTitle = "Library patterns: framework code keeps these, the usual fix under each.";

    public static void WriteTypes(TextWriter writer, string title, IReadOnlyList<AccumulatedType> types, SizeUnit unit)
    {
        if (types.Count == 0)
        {
            return;
        }
        writer.WriteLine(title);
        var table = new StringWriter { NewLine = writer.NewLine };
        TextTable.Write(table, ["Instances", $"Allocated({unit})", "Type"],
            [.. types.Select(t => new[] { NumberFormat.N(t.Count), NumberFormat.N(unit.Convert(t.Bytes)), t.TypeName })]);
        foreach (var line in table.ToString().Split(writer.NewLine).Where(l => l.Length > 0))
        {
            writer.WriteLine("     " + line);
        }
    }

    public static string Bytes(long bytes, SizeUnit unit) => $"{NumberFormat.N(unit.Convert(bytes))} {(unit == SizeUnit.Bytes ? "bytes" : unit.ToString())}";

    public static string Share(long part, long whole) => SuspectTableRows.Share(part, whole).ToString("0.00", CultureInfo.InvariantCulture) + " %";
}

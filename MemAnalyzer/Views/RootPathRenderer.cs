using MemAnalyzer.Output;
using MemAnalyzer.Analysis;
using MemAnalyzer.Retention;

namespace MemAnalyzer.Views;

/// <summary>
/// -roots: for each matching type, its most common paths from a GC root, with the instances and bytes each leads to
/// and, with -retained, the bytes they retain. Types along a path are shown without namespaces (Dictionary&lt;Int32, Order&gt;);
/// the root keeps its full name.
/// </summary>
public static class RootPathRenderer
{
    public static void Write(TextWriter writer, IReadOnlyList<TypeRootPaths> types, SizeUnit unit)
    {
        foreach (var type in types)
        {
            writer.WriteLine($"Root paths to {type.TypeName} ({Instances(type.Instances)}, {NumberFormat.N(unit.Convert(type.Bytes))} {unit}):");
            var retained = type.Paths.Any(p => p.Retained is not null);
            string[] header = retained ? ["Instances", $"Allocated{unit}", $"Retained{unit}", "Path"] : ["Instances", $"Allocated{unit}", "Path"];
            TextTable.Write(writer, header,
                [.. type.Paths.Select(p => retained
                    ? new[] { NumberFormat.N(p.Count), NumberFormat.N(unit.Convert(p.Bytes)), NumberFormat.N(unit.Convert(p.Retained ?? 0)), MarkedText(p) }
                    : [NumberFormat.N(p.Count), NumberFormat.N(unit.Convert(p.Bytes)), MarkedText(p)])]);
            writer.WriteLine();
        }
    }

    /// <summary>
    /// A diff: the second snapshot's paths, each with its instance count on both sides, matched by path text with the
    /// runs' ranges left out (a list that grew from ×0–22 to ×0–30 is the same owner); with -retained, the retained bytes of both sides.
    /// </summary>
    public static void WriteDiff(TextWriter writer, IReadOnlyList<TypeRootPaths> first, IReadOnlyList<TypeRootPaths> second, SizeUnit unit)
    {
        var before = Index(first);
        foreach (var type in second)
        {
            writer.WriteLine($"Root paths to {type.TypeName} in the second snapshot ({Instances(type.Instances)}, {NumberFormat.N(unit.Convert(type.Bytes))} {unit}):");
            var retained = type.Paths.Any(p => p.Retained is not null);
            string[] header = retained
                ? ["Delta(Instances)", "Instances", "Instances2", $"Allocated2({unit})", $"Retained({unit})", $"Retained2({unit})", "Path"]
                : ["Delta(Instances)", "Instances", "Instances2", $"Allocated2({unit})", "Path"];
            TextTable.Write(writer, header,
                [.. type.Paths.Select(string[] (p) =>
                {
                    var old = before.GetValueOrDefault(Shape(p));
                    var count1 = old?.Count ?? 0;
                    string[] counts = [Signed(p.Count - count1), NumberFormat.N(count1), NumberFormat.N(p.Count), NumberFormat.N(unit.Convert(p.Bytes))];
                    return retained
                        ? [.. counts, NumberFormat.N(unit.Convert(old?.Retained ?? 0)), NumberFormat.N(unit.Convert(p.Retained ?? 0)), MarkedText(p)]
                        : [.. counts, MarkedText(p)];
                })]);
            writer.WriteLine();
        }
    }

    /// <summary>The first snapshot's paths by <see cref="Shape"/>.</summary>
    public static Dictionary<string, RootPath> Index(IReadOnlyList<TypeRootPaths> types) =>
        types.SelectMany(t => t.Paths).GroupBy(Shape, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.First(), StringComparer.Ordinal);

    /// <summary>The path as one line: the root's name, then each step with short type names.</summary>
    public static string Text(RootPath path) =>
        string.Join(" → ", path.Steps.Select(StepText).Prepend(path.Root.Description));

    /// <summary>
    /// <see cref="Text"/> with a "▶" before the root and each step of the suspect sub-path (see <see cref="StepVerdict"/>);
    /// the plain text when the path has no verdicts. What the console prints, and what a library prints for a leak trace.
    /// </summary>
    public static string MarkedText(RootPath path)
    {
        if (path.Verdicts is not { } verdicts)
        {
            return Text(path);
        }
        return string.Join(" → ", path.Steps.Select((s, i) => Mark(verdicts.Steps[i]) + StepText(s)).Prepend(Mark(verdicts.Root) + path.Root.Description));
    }

    /// <summary>The steps that are not UNKNOWN, with their verdicts and reasons: "Connection: LEAKING (finished (_disposed = true) yet reachable)".</summary>
    public static string VerdictText(RootPath path)
    {
        if (path.Verdicts is not { } verdicts)
        {
            return "";
        }
        var parts = path.Steps.Select((s, i) => (Name: StepText(s with { Field = null, RepeatedThrough = null }), Verdict: verdicts.Steps[i]))
            .Prepend((Name: path.Root.Description, Verdict: verdicts.Root))
            .Where(p => p.Verdict.Verdict != StepVerdict.Unknown)
            .Select(p => $"{p.Name}: {p.Verdict.Verdict} ({p.Verdict.Reason})");
        return string.Join("; ", parts);
    }

    private static string Mark(StepVerdict verdict) => verdict.Suspect ? "▶" : "";

    /// <summary>One step of a path with short type names: what <see cref="Text"/> joins, and what the -html page lists one per line.</summary>
    public static string StepText(PathStep step) => (step with { TypeName = ShortName(step.TypeName) }).Text;

    /// <summary>The path as <see cref="Text"/> without the runs' ranges: what lines of two snapshots are matched by.</summary>
    public static string Shape(RootPath path) =>
        string.Join(" → ", path.Steps.Select(s => (s with { TypeName = ShortName(s.TypeName) }).Shape).Prepend(path.Root.Description));

    /// <summary><c>System.Collections.Generic.Dictionary&lt;System.Int32, Acme.Order&gt;</c> → <c>Dictionary&lt;Int32, Order&gt;</c>.</summary>
    public static string ShortName(string typeName) => ShortTypeNames.Of(typeName);

    private static string Instances(long count) => $"{NumberFormat.N(count)} live instance{(count == 1 ? "" : "s")}";

    private static string Signed(long value) => value > 0 ? "+" + NumberFormat.N(value) : NumberFormat.N(value);
}

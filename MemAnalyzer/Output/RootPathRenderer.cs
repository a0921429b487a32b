using System.Text.RegularExpressions;
using MemAnalyzer.Analysis;
using MemAnalyzer.Retention;

namespace MemAnalyzer.Output;

/// <summary>
/// -roots: for each matching type, its most common paths from a GC root, with the instances and bytes each leads to.
/// Types along a path are shown without namespaces (Dictionary&lt;Int32, Order&gt;); the root keeps its full name.
/// </summary>
public static partial class RootPathRenderer
{
    public static void Write(TextWriter writer, IReadOnlyList<TypeRootPaths> types, SizeUnit unit)
    {
        foreach (var type in types)
        {
            writer.WriteLine($"Root paths to {type.TypeName} ({Instances(type.Instances)}, {NumberFormat.N(unit.Convert(type.Bytes))} {unit}):");
            TextTable.Write(writer, ["Instances", $"Allocated{unit}", "Path"],
                [.. type.Paths.Select(p => new[] { NumberFormat.N(p.Count), NumberFormat.N(unit.Convert(p.Bytes)), Text(p) })]);
            writer.WriteLine();
        }
    }

    /// <summary>A diff: the second snapshot's paths, each with its instance count on both sides (matched by path text).</summary>
    public static void WriteDiff(TextWriter writer, IReadOnlyList<TypeRootPaths> first, IReadOnlyList<TypeRootPaths> second, SizeUnit unit)
    {
        var before = first.SelectMany(t => t.Paths).GroupBy(Text, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.First(), StringComparer.Ordinal);
        foreach (var type in second)
        {
            writer.WriteLine($"Root paths to {type.TypeName} in the second snapshot ({Instances(type.Instances)}, {NumberFormat.N(unit.Convert(type.Bytes))} {unit}):");
            TextTable.Write(writer, ["Delta(Instances)", "Instances", "Instances2", $"Allocated2({unit})", "Path"],
                [.. type.Paths.Select(p =>
                {
                    var text = Text(p);
                    var count1 = before.TryGetValue(text, out var old) ? old.Count : 0;
                    return new[] { Signed(p.Count - count1), NumberFormat.N(count1), NumberFormat.N(p.Count), NumberFormat.N(unit.Convert(p.Bytes)), text };
                })]);
            writer.WriteLine();
        }
    }

    /// <summary>The path as one line: the root's name, then each step with short type names.</summary>
    public static string Text(RootPath path) =>
        string.Join(" → ", path.Steps.Select(s => (s with { TypeName = ShortName(s.TypeName) }).Text).Prepend(path.Root.Description));

    /// <summary><c>System.Collections.Generic.Dictionary&lt;System.Int32, Acme.Order&gt;</c> → <c>Dictionary&lt;Int32, Order&gt;</c>.</summary>
    public static string ShortName(string typeName) => Qualifier().Replace(typeName, "");

    private static string Instances(long count) => $"{NumberFormat.N(count)} live instance{(count == 1 ? "" : "s")}";

    private static string Signed(long value) => value > 0 ? "+" + NumberFormat.N(value) : NumberFormat.N(value);

    [GeneratedRegex(@"(?:[A-Za-z_][A-Za-z0-9_`]*\.)+(?=[A-Za-z_])")]
    private static partial Regex Qualifier();
}

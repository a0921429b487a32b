using MemAnalyzer.Retention;
using static MemAnalyzer.Output.HtmlLook;

namespace MemAnalyzer.Output;

/// <summary>
/// Without a dominator tree: a treemap of bytes by namespace, each namespace's types nested in it. The top namespaces get
/// their own rectangle, the rest one together; within a namespace, its top types, the rest one together.
/// </summary>
public static class TypeTreemap
{
    public const int Namespaces = 24;

    public const int TypesPerNamespace = 15;

    /// <param name="sizeOf">The bytes a type stands for (its allocated bytes, or its growth in a diff); types at 0 or less are left out.</param>
    public static IReadOnlyList<TreemapNode> ByNamespace<T>(IEnumerable<T> types, Func<T, string> nameOf, Func<T, long> sizeOf, Func<T, string> detailOf)
    {
        var groups = types.Where(t => sizeOf(t) > 0)
            .GroupBy(t => NamespaceOf(nameOf(t)), StringComparer.Ordinal)
            .Select(g => (Name: g.Key, Bytes: g.Sum(sizeOf), Types: g.OrderByDescending(sizeOf).ThenBy(nameOf, StringComparer.Ordinal).ToList()))
            .OrderByDescending(g => g.Bytes).ThenBy(g => g.Name, StringComparer.Ordinal)
            .ToList();
        var nodes = groups.Take(Namespaces).Select(g =>
        {
            var shown = g.Types.Take(TypesPerNamespace).Select(t => TreemapNode.Leaf(ShortTypeNames.Of(nameOf(t)), sizeOf(t), $"{nameOf(t)}\n{detailOf(t)}", nameOf(t))).ToList();
            if (g.Types.Count > TypesPerNamespace)
            {
                var rest = g.Types.Skip(TypesPerNamespace).Sum(sizeOf);
                shown.Add(TreemapNode.Leaf($"{g.Types.Count - TypesPerNamespace} more types", rest, $"{N(rest)} bytes"));
            }
            return new TreemapNode(g.Name, g.Bytes, $"{N(g.Bytes)} bytes in {g.Types.Count} type(s)", "ns:" + g.Name, shown);
        }).ToList();
        if (groups.Count > Namespaces)
        {
            var rest = groups.Skip(Namespaces).ToList();
            var bytes = rest.Sum(g => g.Bytes);
            nodes.Add(TreemapNode.Leaf($"{rest.Count} more namespaces", bytes, $"{N(bytes)} bytes"));
        }
        return nodes;
    }

    /// <summary>"System.Collections.Generic" of System.Collections.Generic.List&lt;Foo.Bar&gt;; "(global)" when there is none.</summary>
    public static string NamespaceOf(string typeName)
    {
        var end = typeName.IndexOfAny(['<', '[', '+', '`']);
        var outer = end < 0 ? typeName : typeName[..end];
        var dot = outer.LastIndexOf('.');
        return dot <= 0 ? "(global)" : outer[..dot];
    }
}

namespace MemAnalyzer.Retention;

/// <summary>The most common root paths to the live instances of one type, with how many and how large they are.</summary>
public sealed record TypeRootPaths(string TypeName, long Instances, long Bytes, IReadOnlyList<RootPath> Paths)
{
    /// <summary>
    /// The paths to every type of the graph whose name <paramref name="matches"/>, most instances first, each with its
    /// <paramref name="top"/> most common paths; with a dominator <paramref name="tree"/>, each path with its retained bytes.
    /// </summary>
    public static IReadOnlyList<TypeRootPaths> For(ObjectGraph graph, RootPaths paths, Func<string, bool> matches, int top,
        Func<int, int, string?> fieldNameOf, CancellationToken cancellation, DominatorTree? tree = null)
    {
        // Only the types asked for are counted: no size is looked up for the others' objects.
        var wanted = Array.ConvertAll(graph.TypeNames, name => matches(name));
        var counts = new long[graph.TypeNames.Length];
        var bytes = new long[graph.TypeNames.Length];
        var types = graph.TypeIndex.Span;
        var fixedSizes = graph.FixedSizes;
        for (var obj = 0; obj < types.Length; obj++)
        {
            var type = types[obj];
            if (wanted[type] && paths.IsReachable(obj))
            {
                counts[type]++;
                // A type of one size per instance is summed below, by count times size.
                if (fixedSizes[type] == 0)
                {
                    bytes[type] += graph.SizeOf(obj);
                }
            }
        }
        for (var type = 0; type < bytes.Length; type++)
        {
            bytes[type] += counts[type] * fixedSizes[type];
        }
        return Enumerable.Range(0, graph.TypeNames.Length)
            .Where(t => counts[t] > 0)
            .OrderByDescending(t => counts[t]).ThenBy(t => graph.TypeNames[t], StringComparer.Ordinal)
            .Select(t => new TypeRootPaths(graph.TypeNames[t], counts[t], bytes[t], paths.Top(t, top, fieldNameOf, cancellation, tree)))
            .ToList();
    }
}

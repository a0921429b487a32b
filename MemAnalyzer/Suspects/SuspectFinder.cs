using MemAnalyzer.Retention;

namespace MemAnalyzer.Suspects;

/// <summary>
/// Leak suspects of one snapshot, as Eclipse MAT finds them: the top-level dominators (objects only the roots dominate)
/// that each retain at least the threshold, and the types whose top-level instances retain it together while none does
/// alone; largest first, each with its accumulation point, root path and accumulated types. Objects below a top-level
/// dominator are never suspects of their own: they are inside its subtree, and the accumulation point finds them.
/// </summary>
public static class SuspectFinder
{
    /// <param name="pathOf">The root path to an object (only called for the accumulation points reported).</param>
    /// <param name="typePathOf">The most common root path to a type's instances (only called for reported groups).</param>
    /// <param name="threads">How many threads may walk a suspect's subtree for its types.</param>
    public static SuspectReport Find(ObjectGraph graph, DominatorTree tree, DominatorChildren children, SuspectOptions options,
        Func<int, RootPath?> pathOf, Func<int, RootPath?> typePathOf, int threads = 1)
    {
        var retained = tree.RetainedBytes;
        var minimum = Math.Max(1, options.MinimumBytes(tree.ReachableBytes));
        var topLevel = children.Of(children.Root);
        var groupBytes = new long[graph.TypeNames.Length];
        var groupCounts = new long[graph.TypeNames.Length];
        var found = new List<(long Bytes, int Object, int Type)>();
        foreach (var obj in topLevel)
        {
            if (retained[obj] >= minimum)
            {
                found.Add((retained[obj], obj, -1));
            }
            else
            {
                groupBytes[graph.TypeIndex[obj]] += retained[obj];
                groupCounts[graph.TypeIndex[obj]]++;
            }
        }
        for (var type = 0; type < groupBytes.Length; type++)
        {
            if (groupBytes[type] >= minimum)
            {
                found.Add((groupBytes[type], -1, type));
            }
        }
        var types = new SubtreeTypes(graph, children, threads);
        var groupMembers = found.Any(f => f.Object < 0) ? topLevel.ToArray() : [];
        return LibraryPatternsLast(new SuspectReport(tree.ReachableBytes, found
            .OrderByDescending(f => f.Bytes)
            .ThenBy(f => f.Object < 0 ? ulong.MaxValue : graph.Addresses[f.Object])
            .ThenBy(f => f.Type < 0 ? "" : graph.TypeNames[f.Type], StringComparer.Ordinal)
            .Take(options.Count)
            .Select(f => f.Object >= 0
                ? ObjectSuspect(graph, tree, children, types, f.Object, options.TopTypes, pathOf)
                : GroupSuspect(graph, tree, groupMembers, types, f.Type, groupCounts[f.Type], f.Bytes, options.TopTypes, typePathOf))
            .ToList()));
    }

    /// <summary>Each suspect with the library pattern its path matches; the application's own first, then the library patterns, each largest first.</summary>
    public static SuspectReport LibraryPatternsLast(SuspectReport report) => report with
    {
        Suspects = [.. report.Suspects.Select(s => s with { Pattern = Verdicts.LibraryPatterns.Of(s.Path) }).OrderBy(s => s.Pattern is not null)],
    };

    /// <summary>The suspect headed by one top-level dominator, with its accumulation point.</summary>
    public static LeakSuspect ObjectSuspect(ObjectGraph graph, DominatorTree tree, DominatorChildren children, SubtreeTypes types, int obj, int topTypes,
        Func<int, RootPath?> pathOf)
    {
        var retained = tree.RetainedBytes;
        var point = AccumulationPoint.Find(children, retained, graph.TypeIndex, obj);
        return new LeakSuspect(graph.Addresses[obj], graph.TypeNameOf(obj), 1, retained[obj], tree.ReachableBytes,
            graph.Addresses[point], graph.TypeNameOf(point), retained[point], pathOf(point), types.Beneath([point], includeNodes: false, topTypes));
    }

    private static LeakSuspect GroupSuspect(ObjectGraph graph, DominatorTree tree, int[] topLevel, SubtreeTypes types, int type, long count, long bytes,
        int topTypes, Func<int, RootPath?> typePathOf)
    {
        var members = topLevel.Where(obj => graph.TypeIndex[obj] == type);
        var name = graph.TypeNames[type];
        return new LeakSuspect(0, name, count, bytes, tree.ReachableBytes, 0, name, bytes, typePathOf(type), types.Beneath(members, includeNodes: true, topTypes));
    }
}

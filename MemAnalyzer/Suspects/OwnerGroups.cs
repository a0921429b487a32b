using MemAnalyzer.Retention;

namespace MemAnalyzer.Suspects;

/// <summary>
/// The type groups of one side of a suspects diff: per type, the top-level dominators that are no owner (each below the
/// floor, or past the candidates' limit), as -suspects groups them on one dump. Timers held both by a static list and the
/// runtime's timer queue have no single owner: each is a top-level dominator of its own, small alone, and only their type
/// together shows the growth. The groups that retain the floor or more together (at most <see cref="MaxGroups"/>, largest
/// first) come with their members' types and, when asked, the most common root path to them; every type's sums are kept
/// so that the other side can match a group by its type name.
/// </summary>
public static class OwnerGroups
{
    public const int MaxGroups = 20;

    public static (IReadOnlyList<LeakSuspect> Groups, IReadOnlyDictionary<string, (long Count, long Bytes)> Sums) Collect(ObjectGraph graph,
        DominatorTree tree, DominatorChildren children, SubtreeTypes types, HashSet<int> owners, long floor, int topTypes, Func<int, RootPath?>? typePathOf)
    {
        var retained = tree.RetainedBytes;
        var bytes = new long[graph.TypeNames.Length];
        var counts = new long[graph.TypeNames.Length];
        var topLevel = children.Of(children.Root).ToArray();
        foreach (var obj in topLevel)
        {
            if (!owners.Contains(obj))
            {
                bytes[graph.TypeIndex[obj]] += retained[obj];
                counts[graph.TypeIndex[obj]]++;
            }
        }
        var sums = new Dictionary<string, (long Count, long Bytes)>(StringComparer.Ordinal);
        var chosen = new List<int>();
        for (var type = 0; type < bytes.Length; type++)
        {
            if (counts[type] == 0)
            {
                continue;
            }
            // Two MethodTables of one name (two load contexts) are one group, as the name is all the other side has.
            var (count, sum) = sums.GetValueOrDefault(graph.TypeNames[type]);
            sums[graph.TypeNames[type]] = (count + counts[type], sum + bytes[type]);
            if (bytes[type] >= floor)
            {
                chosen.Add(type);
            }
        }
        var groups = chosen
            .OrderByDescending(t => bytes[t]).ThenBy(t => graph.TypeNames[t], StringComparer.Ordinal)
            .Take(MaxGroups)
            .Select(type =>
            {
                var members = topLevel.Where(obj => graph.TypeIndex[obj] == type && !owners.Contains(obj));
                var name = graph.TypeNames[type];
                return new LeakSuspect(0, name, counts[type], bytes[type], tree.ReachableBytes, 0, name, bytes[type], typePathOf?.Invoke(type),
                    types.Beneath(members, includeNodes: true, topTypes));
            })
            .ToList();
        return (groups, sums);
    }
}

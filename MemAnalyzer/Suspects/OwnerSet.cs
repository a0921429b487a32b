using MemAnalyzer.Retention;

namespace MemAnalyzer.Suspects;

/// <summary>
/// One side of a suspects diff: the accumulation points (owners) of the top-level dominators that retain at least
/// <see cref="FloorPercent"/> % of the live heap (at most <see cref="MaxCandidates"/>), and the retained bytes of every
/// object on the way down to them by root path, so that an owner whose walk stops one step higher or lower on the other
/// side is still found.
/// </summary>
/// <param name="Along">Root path text → retained bytes, for the objects between a top-level dominator and its point.</param>
/// <param name="Groups">The types whose other top-level instances (none an owner) retain the floor or more together, as group suspects (<see cref="OwnerGroups"/>).</param>
/// <param name="GroupSums">Type name → instances and retained bytes of those instances, for every type that has any.</param>
public sealed record OwnerSet(long LiveBytes, IReadOnlyList<LeakSuspect> Owners, IReadOnlyDictionary<string, long> Along,
    IReadOnlyList<LeakSuspect>? Groups = null, IReadOnlyDictionary<string, (long Count, long Bytes)>? GroupSums = null)
{
    public const double FloorPercent = 0.1;

    public const int MaxCandidates = 500;

    /// <summary>Types kept per owner, so that the types that grew can be found among them.</summary>
    public const int TypesPerOwner = 50;

    /// <param name="typePathOf">The most common root path to a type's instances, for the groups; null: groups without paths.</param>
    public static OwnerSet Collect(ObjectGraph graph, DominatorTree tree, DominatorChildren children, Func<int, RootPath?> pathOf,
        Func<int, RootPath?>? typePathOf = null)
    {
        var retained = tree.RetainedBytes;
        var floor = (long)Math.Ceiling(tree.ReachableBytes * FloorPercent / 100);
        var candidates = children.Of(children.Root).ToArray()
            .Where(obj => retained[obj] >= floor)
            .OrderByDescending(obj => retained[obj]).ThenBy(obj => obj)
            .Take(MaxCandidates)
            .ToList();
        var types = new SubtreeTypes(graph, children);
        var owners = new List<LeakSuspect>(candidates.Count);
        var along = new Dictionary<string, long>(StringComparer.Ordinal);
        foreach (var top in candidates)
        {
            var chain = AccumulationPoint.Chain(children, retained, graph.TypeIndex, top);
            for (var i = 0; i < chain.Count - 1; i++)
            {
                if (pathOf(chain[i]) is { } path)
                {
                    along[path.Text] = Math.Max(along.GetValueOrDefault(path.Text), retained[chain[i]]);
                }
            }
            owners.Add(SuspectFinder.ObjectSuspect(graph, tree, children, types, top, TypesPerOwner, pathOf));
        }
        var (groups, sums) = OwnerGroups.Collect(graph, tree, children, types, [.. candidates], floor, TypesPerOwner, typePathOf);
        return new OwnerSet(tree.ReachableBytes, owners, along, groups, sums);
    }
}

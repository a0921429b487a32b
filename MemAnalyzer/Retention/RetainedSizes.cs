using MemAnalyzer.Analysis;

namespace MemAnalyzer.Retention;

/// <summary>Puts the dominator tree's retained bytes per type name onto a snapshot's type rows.</summary>
public static class RetainedSizes
{
    /// <summary>
    /// Every row gets a Retained value: the type's retained bytes in the live graph, or 0 for a type with no live
    /// instance (a -dead or all-objects row whose instances are garbage retains nothing).
    /// </summary>
    public static HeapSnapshot Attach(HeapSnapshot snapshot, ObjectGraph graph, DominatorTree tree) =>
        Attach(snapshot, graph.TypeNames, tree.RetainedBytesPerType);

    /// <param name="typeNames">The graph's type names.</param>
    /// <param name="retainedPerType">Parallel to <paramref name="typeNames"/>.</param>
    public static HeapSnapshot Attach(HeapSnapshot snapshot, IReadOnlyList<string> typeNames, IReadOnlyList<long> retainedPerType)
    {
        var perName = new Dictionary<string, long>(StringComparer.Ordinal);
        for (var type = 0; type < typeNames.Count; type++)
        {
            perName[typeNames[type]] = retainedPerType[type];
        }
        var rows = snapshot.Types.Select(t => t with { Retained = perName.GetValueOrDefault(t.TypeName) }).ToList();
        return snapshot with { Types = rows };
    }
}

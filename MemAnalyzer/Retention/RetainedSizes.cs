using MemAnalyzer.Analysis;

namespace MemAnalyzer.Retention;

/// <summary>Puts the dominator tree's retained bytes per type name onto a snapshot's type rows.</summary>
public static class RetainedSizes
{
    /// <summary>
    /// Every row gets a Retained value: the type's retained bytes in the live graph, or 0 for a type with no live
    /// instance (a -dead or all-objects row whose instances are garbage retains nothing).
    /// </summary>
    public static HeapSnapshot Attach(HeapSnapshot snapshot, ObjectGraph graph, DominatorTree tree)
    {
        var perName = new Dictionary<string, long>(StringComparer.Ordinal);
        for (var type = 0; type < graph.TypeNames.Length; type++)
        {
            perName[graph.TypeNames[type]] = tree.RetainedBytesPerType[type];
        }
        var rows = snapshot.Types.Select(t => t with { Retained = perName.GetValueOrDefault(t.TypeName) }).ToList();
        return snapshot with { Types = rows };
    }
}

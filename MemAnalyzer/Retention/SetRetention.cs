namespace MemAnalyzer.Retention;

/// <summary>
/// The bytes a set of objects keeps alive together: the retained bytes of each member that no other member dominates
/// (a member below another is already inside that one's retained bytes). Used for the targets of a group of GC handles
/// and for the f-reachable queue.
/// </summary>
public static class SetRetention
{
    public static long Of(IEnumerable<int> members, DominatorTree tree)
    {
        var set = members.Where(m => m >= 0 && tree.IsReachable(m)).ToHashSet();
        long bytes = 0;
        foreach (var member in set)
        {
            if (!HasDominatorIn(member, set, tree))
            {
                bytes += tree.RetainedBytes[member];
            }
        }
        return bytes;
    }

    private static bool HasDominatorIn(int member, HashSet<int> set, DominatorTree tree)
    {
        for (var up = tree.ImmediateDominatorOf(member); up >= 0; up = tree.ImmediateDominatorOf(up))
        {
            if (set.Contains(up))
            {
                return true;
            }
        }
        return false;
    }
}

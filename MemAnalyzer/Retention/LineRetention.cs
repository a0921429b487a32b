namespace MemAnalyzer.Retention;

/// <summary>
/// The bytes the instances of each path line retain together: the retained sizes of the line's instances that no
/// other instance of the same line dominates (the head of a linked list retains the nodes after it; they are not
/// counted again). Each object's nearest dominator of the instances' type is found once and remembered, so the walk up
/// the dominator tree is linear in the objects; from an instance, only instances of its type are visited, until one of
/// its own line or the super-root.
/// </summary>
internal static class LineRetention
{
    /// <param name="chainOf">Per object, its chain (every reachable instance of the type has one).</param>
    public static void Add(PathLines lines, DominatorTree tree, Column<int> types, int typeIndex, int[] chainOf, CancellationToken cancellation)
    {
        // 0 not known yet, -1 no instance of the type dominates it, else that instance's number + 1.
        var nearest = new int[types.Length];
        var walked = new List<int>();
        for (var obj = 0; obj < types.Length; obj++)
        {
            if (types[obj] != typeIndex || chainOf[obj] == 0)
            {
                continue;
            }
            if ((obj & 0xFFF) == 0)
            {
                cancellation.ThrowIfCancellationRequested();
            }
            var line = lines.LineOf(chainOf[obj]);
            var outer = NearestAbove(obj, tree, types, typeIndex, nearest, walked);
            while (outer >= 0 && lines.LineOf(chainOf[outer]) != line)
            {
                outer = NearestAbove(outer, tree, types, typeIndex, nearest, walked);
            }
            if (outer < 0)
            {
                lines.AddRetained(line, tree.RetainedBytes[obj]);
            }
        }
    }

    /// <summary>The nearest instance of the type among the strict dominators of <paramref name="obj"/>, or -1.</summary>
    private static int NearestAbove(int obj, DominatorTree tree, Column<int> types, int typeIndex, int[] nearest, List<int> walked)
    {
        walked.Clear();
        var at = obj;
        int found;
        while (true)
        {
            if (nearest[at] != 0)
            {
                found = nearest[at] < 0 ? -1 : nearest[at] - 1;
                break;
            }
            walked.Add(at);
            var dominator = tree.ImmediateDominatorOf(at);
            if (dominator < 0)
            {
                found = -1;
                break;
            }
            if (types[dominator] == typeIndex)
            {
                found = dominator;
                break;
            }
            at = dominator;
        }
        // Every object walked has the same nearest instance above it: those between are of other types.
        foreach (var node in walked)
        {
            nearest[node] = found < 0 ? -1 : found + 1;
        }
        return found;
    }
}

using MemAnalyzer.Retention;

namespace MemAnalyzer.GcDump;

/// <summary>
/// The root tree of a gcdump: the pseudo-nodes under "[.NET Roots]" name what holds their object children. A static's
/// own node ("[static var Acme.Cache.s_items]") names the root "static Acme.Cache.s_items"; under the other groups
/// ("[strong Handles]", "[local vars]", …) the group names it.
/// </summary>
public static class GcDumpRoots
{
    /// <summary>The kind of the roots under a top-level group of the root tree.</summary>
    public static RootKind KindOf(string group) => group switch
    {
        "[static vars]" => RootKind.Static,
        "[local vars]" => RootKind.Stack,
        "[strong Handles]" => RootKind.StrongHandle,
        "[pinning Handles]" => RootKind.PinnedHandle,
        "[finalizer Handles]" => RootKind.FinalizerQueue,
        _ => RootKind.Other,
    };

    /// <summary>The root's description: "static Type.field" for a static's node, else the group's name without brackets.</summary>
    public static string Describe(string pseudoNode, string group)
    {
        const string Static = "[static var ";
        return pseudoNode.StartsWith(Static, StringComparison.Ordinal) && pseudoNode.EndsWith(']')
            ? "static " + pseudoNode[Static.Length..^1]
            : group.Trim('[', ']');
    }

    /// <summary>
    /// Every (object, root name) pair of the tree, sorted by kind, name, then object (the order root paths seed their
    /// search in): the objects by their number in <paramref name="objectOf"/> (-1 for a node that is not an object).
    /// </summary>
    public static (int[] Objects, int[] NameIndex, RootName[] Names) Collect(GcDumpFile file, int[] objectOf, CancellationToken cancellation)
    {
        var names = new List<RootName>();
        var nameIndex = new Dictionary<string, int>(StringComparer.Ordinal);
        var roots = new List<(RootKind Kind, int Name, int Object)>();
        var visited = new System.Collections.BitArray(file.NodeCount);
        var stack = new Stack<(int Node, string Group)>();
        visited[file.RootNode] = true;
        stack.Push((file.RootNode, ""));
        while (stack.Count > 0)
        {
            cancellation.ThrowIfCancellationRequested();
            var (node, group) = stack.Pop();
            var type = GcDumpNodes.Read(file, node, out _, out var children, out var at);
            var name = file.Types[type].Name;
            if (group.Length == 0 && node != file.RootNode)
            {
                group = name;
            }
            var description = Describe(name, group);
            for (var c = 0; c < children; c++)
            {
                var child = GcDumpNodes.NextChild(file, node, ref at);
                if (objectOf[child] >= 0)
                {
                    if (!nameIndex.TryGetValue(description, out var index))
                    {
                        index = names.Count;
                        nameIndex.Add(description, index);
                        names.Add(new RootName(KindOf(group), description));
                    }
                    roots.Add((names[index].Kind, index, objectOf[child]));
                }
                else if (!visited[child])
                {
                    visited[child] = true;
                    stack.Push((child, group));
                }
            }
        }
        var ordered = roots.Distinct().OrderBy(r => r.Kind).ThenBy(r => names[r.Name].Description, StringComparer.Ordinal).ThenBy(r => r.Object).ToArray();
        return ([.. ordered.Select(r => r.Object)], [.. ordered.Select(r => r.Name)], [.. names]);
    }
}

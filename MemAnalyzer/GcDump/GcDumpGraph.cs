using MemAnalyzer.Retention;

namespace MemAnalyzer.GcDump;

/// <summary>
/// A gcdump's graph as Retention's <see cref="ObjectGraph"/>, so that -retained and -roots run the same dominator tree
/// and root paths as for a core dump: its object nodes numbered in address order, their references to other objects
/// (references to pseudo-nodes and UNDEFINED nodes are dropped), and the root tree's objects as roots.
/// </summary>
public static class GcDumpGraph
{
    public static ObjectGraph Build(GcDumpFile file, CancellationToken cancellation)
    {
        var (slotOfType, typeNames) = TypeSlots(file);
        var count = 0;
        for (var node = 0; node < file.NodeCount; node++)
        {
            if (GcDumpNodes.IsObject(file, GcDumpNodes.Read(file, node, out _, out _, out _)))
            {
                count++;
            }
        }
        var addresses = new ulong[count];
        var nodeOf = new int[count];
        for (int node = 0, i = 0; node < file.NodeCount; node++)
        {
            if (GcDumpNodes.IsObject(file, GcDumpNodes.Read(file, node, out _, out _, out _)))
            {
                (addresses[i], nodeOf[i]) = (file.Addresses[node], node);
                i++;
            }
        }
        Array.Sort(addresses, nodeOf);
        var objectOf = new int[file.NodeCount];
        Array.Fill(objectOf, -1);
        for (var i = 0; i < count; i++)
        {
            if (i > 0 && addresses[i] == addresses[i - 1])
            {
                throw new GcDumpFormatException($"two objects have the same address 0x{addresses[i]:x}");
            }
            objectOf[nodeOf[i]] = i;
        }
        var sizes = new uint[count];
        var typeIndex = new int[count];
        var edgeStart = new int[count + 1];
        for (var i = 0; i < count; i++)
        {
            cancellation.ThrowIfCancellationRequested();
            var type = GcDumpNodes.Read(file, nodeOf[i], out var size, out var children, out var at);
            (sizes[i], typeIndex[i]) = ((uint)size, slotOfType[type]);
            var references = 0;
            for (var c = 0; c < children; c++)
            {
                references += objectOf[GcDumpNodes.NextChild(file, nodeOf[i], ref at)] >= 0 ? 1 : 0;
            }
            edgeStart[i + 1] = checked(edgeStart[i] + references);
        }
        var edges = new int[edgeStart[count]];
        for (var i = 0; i < count; i++)
        {
            GcDumpNodes.Read(file, nodeOf[i], out _, out var children, out var at);
            var write = edgeStart[i];
            for (var c = 0; c < children; c++)
            {
                var target = objectOf[GcDumpNodes.NextChild(file, nodeOf[i], ref at)];
                if (target >= 0)
                {
                    edges[write++] = target;
                }
            }
        }
        var (rootObjects, rootNameIndex, rootNames) = GcDumpRoots.Collect(file, objectOf, cancellation);
        return new ObjectGraph(addresses, sizes, typeIndex, typeNames, edgeStart, edges, rootObjects, rootNameIndex, rootNames);
    }

    /// <summary>Per gcdump type, the index of the name it stands for; and those names, spelled as a core dump spells them.</summary>
    public static (int[] SlotOfType, string[] Names) TypeSlots(GcDumpFile file)
    {
        var slot = new int[file.Types.Length];
        var byName = new Dictionary<string, int>(StringComparer.Ordinal);
        var spelled = GcDumpNameSpeller.Spell(file.Types.Select(t => GcDumpTypeName.Of(t.Name)));
        for (var t = 0; t < file.Types.Length; t++)
        {
            var name = spelled[GcDumpTypeName.Of(file.Types[t].Name)];
            if (!byName.TryGetValue(name, out slot[t]))
            {
                slot[t] = byName.Count;
                byName.Add(name, slot[t]);
            }
        }
        return (slot, [.. byName.OrderBy(p => p.Value).Select(p => p.Key)]);
    }
}

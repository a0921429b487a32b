using MemAnalyzer.Retention;

namespace MemAnalyzer.Heap;

/// <summary>
/// The second half of <see cref="ParallelGraphRead"/>, on one thread, in address order: each object's type named (in the
/// order the types are first met, as a reading object by object names them), its size and its edge offset in the
/// whole graph given to the builder; then the parts' references, moved into one array when the builder builds.
/// </summary>
internal sealed class GraphPartsJoin(ParallelGraphRead read, ObjectGraphBuilder builder, GraphPart[] parts)
{
    public void Run()
    {
        var table = read.Table;
        var (types, edgeStart) = (read.Types, read.EdgeStart);
        // The graph's type index per MethodTable index, -1 until first met.
        var typeOf = new int[table.Entries.Length];
        Array.Fill(typeOf, -1);
        long edges = 0;
        long dropped = 0;
        foreach (var part in parts)
        {
            var sizes = part.Sizes;
            var nextSize = 0;
            for (var number = part.First; number < part.First + part.Count; number++)
            {
                var code = types[number];
                int type;
                long size;
                if (code >= 0)
                {
                    var entry = table.Entries[code];
                    type = typeOf[code];
                    if (type < 0)
                    {
                        type = typeOf[code] = builder.AddType(HeapStatisticsCollector.NameOf(table.TypeAt(code)));
                    }
                    size = part.AllSizes || entry.ComponentSize != 0 ? sizes[nextSize++] : (long)entry.SizeOf(0);
                }
                else
                {
                    type = builder.AddType(read.NameOf(code));
                    size = sizes[nextSize++];
                }
                types[number] = type;
                edgeStart[number] = checked((int)(edgeStart[number] + edges));
                builder.AddFilled(number, size, type);
            }
            edges += part.Edges.Count;
            dropped += part.Dropped;
            sizes.Clear();
            sizes.TrimExcess();
        }
        builder.EdgesFilled(edges, dropped, () => Join(edges), read.Scratch);
    }

    private int[] Join(long count)
    {
        var all = new int[count];
        long at = 0;
        foreach (var part in parts)
        {
            var length = part.Edges.Count;
            part.Edges.MoveTo(all, at);
            at += length;
        }
        read.Scratch.EndCarving();
        return all;
    }
}

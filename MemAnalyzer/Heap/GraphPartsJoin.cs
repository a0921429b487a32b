using MemAnalyzer.Retention;

namespace MemAnalyzer.Heap;

/// <summary>
/// The second half of <see cref="ParallelGraphRead"/>, on one thread, in address order: each object's type named (in the
/// order the types are first met, as a reading object by object names them), its size and its edge offset in the
/// whole graph given to the builder; then the parts' references, moved into one array when the builder builds.
/// </summary>
/// <param name="scratchArrays">How many arrays of the scratch what follows the read takes at once.</param>
internal sealed class GraphPartsJoin(ParallelGraphRead read, ObjectGraphBuilder builder, GraphPart[] parts, int scratchArrays)
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
        var prefault = Prefault();
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
        builder.EdgesFilled(edges, dropped, () => Join(edges, prefault), read.Scratch);
    }

    /// <summary>
    /// The one array of references, and the arrays of the scratch taken next, faulted in on another core while this
    /// thread names the types: a first touch of fresh memory costs a page fault per page (on the 2-core virtual machine
    /// of docs/performance.md, a third of the dominators' time at 10^8 objects).
    /// </summary>
    private Task<int[]>? Prefault()
    {
        long count = 0;
        foreach (var part in parts)
        {
            count += part.Edges.Count;
        }
        if (count > Array.MaxLength)
        {
            return null;
        }
        return Task.Factory.StartNew(() =>
        {
            // Every slot is written by the join.
            var all = GC.AllocateUninitializedArray<int>((int)count);
            ScratchArrays.Touch(all, 0);
            // The join waits for this array, not for those.
            if (scratchArrays > 0)
            {
                read.Scratch.StartPrefault(scratchArrays);
            }
            return all;
        }, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
    }

    private int[] Join(long count, Task<int[]>? prefault)
    {
        var all = prefault?.GetAwaiter().GetResult() ?? new int[count];
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

using System.Buffers.Binary;

namespace MemAnalyzer.Heap;

/// <summary>
/// Reads the live objects of one segment, walked in address order (<see cref="HeapScanner"/> hands over only the marked
/// ones): each object's MethodTable index and edge offset into the graph's arrays, its references into the segment's
/// <see cref="GraphPart"/>, read from the walk's own buffer (through a reader only when the object runs past it).
/// </summary>
internal struct GraphPartVisitor(ParallelGraphRead read, GraphPart part, ObjectReader reader) : IScanVisitor<GraphPartVisitor>
{
    private int _next = part.First;

    /// <summary>Objects handed over: the segment's count when the walk met every marked object.</summary>
    public readonly long Visited => _next - (long)part.First;

    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    public void Visit(ulong address, int index, byte flags, long size, ReadOnlySpan<byte> available)
    {
        var number = _next++;
        if (number >= part.First + part.Count)
        {
            // More objects than marks: the part is read again object by object (Visited tells).
            return;
        }
        read.Types[number] = index;
        read.EdgeStart[number] = (int)part.Edges.Count;
        var table = read.Table;
        var entry = table.Entries[index];
        if (entry.ComponentSize != 0)
        {
            part.Sizes.Add(size);
        }
        var edges = new PartEdgeVisitor(read.Numbering, part);
        var length = BinaryPrimitives.ReadUInt32LittleEndian(available[8..]);
        if (!ObjectReferences.TryVisitHeld(address, entry, length, available, table.GcDescriptors, read.Dependents, ref edges))
        {
            read.VisitRead(address, reader, ref edges);
        }
    }

    public readonly void SegmentDone(bool frozen)
    {
    }

    public readonly void SegmentAbandoned()
    {
    }

    public readonly GraphPartVisitor ForThread() => throw new NotSupportedException("a part's visitor walks one segment on one thread");
}

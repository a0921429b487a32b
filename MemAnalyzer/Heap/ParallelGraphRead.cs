using MemAnalyzer.Retention;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// Reads the live graph's objects into a builder numbered by the mark (<see cref="MarkedObjectNumbers"/>) on several
/// threads: each takes the next segment and walks it in address order as the histogram does (1 MiB reads, only the
/// marked objects handed over), reading each object's references from the walk's buffer. A segment's objects have
/// consecutive numbers, so each writes its own slice of the builder's arrays and keeps its references apart
/// (<see cref="GraphPart"/>); then, in address order on one thread, the types are named in the order they are first
/// met and the sizes and edge offsets given to the builder, which makes one array of the parts' references. The same
/// graph, to the byte, as reading the marked addresses one by one (which a segment the walk cannot read, or whose
/// walk meets other objects than the marked ones, still does).
/// </summary>
internal sealed class ParallelGraphRead
{
    private readonly HeapSource _source;
    private readonly ObjectBitmap _live;
    private readonly GraphPart[] _parts;
    private readonly CancellationToken _cancellation;
    private readonly Dictionary<ulong, ClrSegment> _segments;
    private readonly List<string> _names = [];
    private int _next = -1;

    private ParallelGraphRead(HeapSource source, ObjectBitmap live, MarkedObjectNumbers numbering, ObjectGraphBuilder builder, DependentHandles dependents,
        CancellationToken cancellation)
    {
        (_source, _live, Numbering, Dependents, _cancellation) = (source, live, numbering, dependents, cancellation);
        Table = source.TableWithReferences();
        (Types, EdgeStart) = builder.FilledArrays;
        // The parts' references are kept in chunks of arrays of an int per object, which the root paths and the
        // dominators then reuse (ObjectGraph.Scratch).
        Scratch = new ScratchArrays(numbering.Count, 1 << GraphPart.ChunkBits);
        _parts = [.. Enumerable.Range(0, live.SegmentCount).Select(s => numbering.OfSegment(s)).Select(p => new GraphPart(p.First, p.Count, Scratch))];
        _segments = source.Heap.Segments.Where(s => s.ObjectRange.Length > 0).ToDictionary(s => s.ObjectRange.Start);
    }

    internal MethodTableInfoTable Table { get; }

    internal MarkedObjectNumbers Numbering { get; }

    /// <summary>What the parts' references are carved from; free once they are joined.</summary>
    internal ScratchArrays Scratch { get; }

    internal DependentHandles Dependents { get; }

    /// <summary>Per object: the MethodTable's index in <see cref="Table"/> while the parts are read (a name's, negated, for an object ClrMD named); the graph's type index after.</summary>
    internal int[] Types { get; }

    /// <summary>Per object: its first edge's offset in its part while the parts are read; in the whole graph after.</summary>
    internal int[] EdgeStart { get; }

    /// <summary>Fills <paramref name="builder"/> (a numbering's, still empty) with the marked objects of <paramref name="live"/>.</summary>
    /// <param name="scratchArrays">How many arrays of <see cref="Scratch"/> what follows takes at once (made and faulted in during the join).</param>
    public static void Fill(HeapSource source, ObjectBitmap live, MarkedObjectNumbers numbering, ObjectGraphBuilder builder, DependentHandles dependents,
        int threads, int scratchArrays, CancellationToken cancellation)
    {
        var read = new ParallelGraphRead(source, live, numbering, builder, dependents, cancellation);
        var workers = source.Memory.IsThreadSafe ? Math.Clamp(threads, 1, Math.Max(1, read._parts.Length)) : 1;
        // Scanners are made here, on this thread: they ask ClrMD for the allocation contexts.
        var scanners = Enumerable.Range(0, workers).Select(_ => source.RawWalk ? new HeapScanner(source) : null).ToArray();
        WalkThreads.Run(workers, w => read.Work(scanners[w]));
        new GraphPartsJoin(read, builder, read._parts, scratchArrays).Run();
    }

    /// <summary>The references of an object the walk's buffer does not hold whole: read as the mark reads them.</summary>
    internal void VisitRead(ulong address, ObjectReader reader, ref PartEdgeVisitor edges)
    {
        if (ObjectReferences.TryVisit(address, Table, reader, Dependents, ref edges) == ObjectReferences.Outcome.NeedsClrMd)
        {
            lock (Table.ClrMdLock)
            {
                ObjectReferences.VisitThroughClrMd(_source.Heap, address, ref edges);
            }
        }
    }

    private void Work(HeapScanner? scanner)
    {
        var reader = new ObjectReader(HeapBlockCache.For(_source.Heap, _source.Memory, HeapBlockCache.MaxBlocks / 2), _source.Memory);
        var counts = new SegmentCounts();
        int at;
        while ((at = Interlocked.Increment(ref _next)) < _parts.Length)
        {
            _cancellation.ThrowIfCancellationRequested();
            var part = _parts[at];
            if (part.Count == 0)
            {
                continue;
            }
            var start = _live.SegmentStartAt(at);
            var segment = _segments[start];
            var walked = false;
            if (scanner is not null && _source.ClrMdReason(start) is null)
            {
                var visitor = new GraphPartVisitor(this, part, reader);
                counts.Clear();
                walked = scanner.TryWalk(segment, (segment.ObjectRange.Start, segment.ObjectRange.End), _live.BitsOf(start), wantMarked: true, counts,
                    ref visitor, _cancellation) is null && visitor.Visited == part.Count;
            }
            if (!walked)
            {
                ReadObjectByObject(part, at, reader);
            }
        }
    }

    /// <summary>A segment the walk could not read: its marked addresses one by one, as the mark reached them.</summary>
    private void ReadObjectByObject(GraphPart part, int segment, ObjectReader reader)
    {
        part.Restart();
        var number = part.First;
        foreach (var address in _live.MarkedAddressesOf(segment))
        {
            Types[number] = ShapeOf(address, reader, out var size);
            EdgeStart[number] = (int)part.Edges.Count;
            part.Sizes.Add(size);
            var edges = new PartEdgeVisitor(Numbering, part);
            VisitRead(address, reader, ref edges);
            if ((++number & 0xFFFF) == 0)
            {
                _cancellation.ThrowIfCancellationRequested();
            }
        }
    }

    /// <summary>The MethodTable's index and the size (at least the minimum object size), or the code of the name ClrMD gives it.</summary>
    private int ShapeOf(ulong address, ObjectReader reader, out long size)
    {
        if (reader.TryReadHeader(address, out var methodTable, out var length) && Table.Find(methodTable & ~1UL) is var index and >= 0)
        {
            size = (long)Table.Entries[index].SizeOf(length);
            return index;
        }
        lock (Table.ClrMdLock)
        {
            var obj = _source.Heap.GetObject(address);
            size = (long)Math.Max(obj.Size, (ulong)MethodTableInfoTable.MinObjectSize);
            return NameCode(obj.Type?.Name ?? $"<unknown type at 0x{address:x}>");
        }
    }

    /// <summary>A name ClrMD gave an object the table does not know, as a negative code in <see cref="Types"/>.</summary>
    private int NameCode(string name)
    {
        lock (_names)
        {
            _names.Add(name);
            return -_names.Count;
        }
    }

    /// <summary>The name of a negative code of <see cref="Types"/>.</summary>
    internal string NameOf(int code)
    {
        lock (_names)
        {
            return _names[-code - 1];
        }
    }
}

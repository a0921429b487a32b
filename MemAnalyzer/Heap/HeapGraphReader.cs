using MemAnalyzer.Retention;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// The live object graph of a heap for retained sizes and root paths: the objects the -live mark reaches (same roots,
/// dependent handles as edges), in address order, with their sizes, types and references read through the same raw
/// GC-descriptor walk as the mark, and the roots named by what holds them.
/// </summary>
public static class HeapGraphReader
{
    /// <summary>The graph, the live bitmap it was built from, and what the graph had to leave out, in words (none when nothing).</summary>
    public static (ObjectGraph Graph, ObjectBitmap Live, IReadOnlyList<string> Warnings) Read(HeapSource source, WalkOptions options, CancellationToken cancellation,
        IProgress<HeapWalkProgress>? progress = null)
    {
        options.BeforeGraph?.Invoke();
        var (heap, table, memory) = (source.Heap, source.TableWithReferences(), source.Memory);
        var clock = System.Diagnostics.Stopwatch.StartNew();
        progress?.Report(new HeapWalkProgress(WalkPhase.Marking, 0, 0, 0, clock.Elapsed));
        var live = LiveObjectMarker.Mark(source, options, cancellation,
            progress is null ? null : marked => progress.Report(new HeapWalkProgress(WalkPhase.Marking, 0, 0, marked, clock.Elapsed)));
        var count = live.CountMarked();
        if (count > int.MaxValue - 1)
        {
            throw new MemAnalyzerException(ExitCodes.HeapUnreadable, $"{count:N0} live objects are more than the retained-size graph can number (2^31); use -live without -retained");
        }
        // Objects are numbered by their rank in the mark bitmap: no address is stored per object.
        var builder = new ObjectGraphBuilder(new MarkedObjectNumbers(live));
        var reader = new ObjectReader(HeapBlockCache.For(heap, memory), memory);
        var visitor = new EdgeVisitor(builder);
        // The graph's type index per MethodTable index of the table, -1 until first met: an array lookup per object, no hashing.
        var typeIndex = new int[256];
        Array.Fill(typeIndex, -1);
        var dependents = DependentHandles.Of(heap);
        long visited = 0;
        foreach (var address in live.MarkedAddresses())
        {
            if ((++visited & 0xFFFF) == 0)
            {
                cancellation.ThrowIfCancellationRequested();
            }
            var (size, type) = ShapeOf(heap, table, reader, address, ref typeIndex, builder);
            builder.AddObject(address, size, type);
            if (ObjectReferences.TryVisit(address, table, reader, dependents, ref visitor) == ObjectReferences.Outcome.NeedsClrMd)
            {
                ObjectReferences.VisitThroughClrMd(heap, address, ref visitor);
            }
        }
        NamedRoots.AddTo(builder, heap, options);
        var graph = builder.Build();
        List<string> warnings = [];
        if (builder.DroppedReferences > 0)
        {
            warnings.Add($"{builder.DroppedReferences:N0} references of live objects point to no object on the heap (a damaged dump, or a heap read mid-change) and were left out of retained sizes and root paths");
        }
        return (graph, live, warnings);
    }

    /// <summary>Size as the histogram counts it (at least the minimum object size) and the graph's index of the type name.</summary>
    private static (long Size, int Type) ShapeOf(ClrHeap heap, MethodTableInfoTable table, ObjectReader reader, ulong address,
        ref int[] typeIndex, ObjectGraphBuilder builder)
    {
        if (reader.TryReadHeader(address, out var methodTable, out var length) && table.Find(methodTable & ~1UL) is var index and >= 0)
        {
            var size = (long)table.Entries[index].SizeOf(length);
            if (index >= typeIndex.Length)
            {
                var grown = new int[Math.Max(typeIndex.Length * 2, index + 1)];
                Array.Fill(grown, -1);
                typeIndex.CopyTo(grown, 0);
                typeIndex = grown;
            }
            var type = typeIndex[index];
            if (type < 0)
            {
                type = builder.AddType(table.TypeAt(index).Name ?? $"{HeapStatisticsCollector.UnknownTypePrefix}{methodTable & ~1UL:x}>");
                typeIndex[index] = type;
            }
            return (size, type);
        }
        var obj = heap.GetObject(address);
        var name = obj.Type?.Name ?? $"<unknown type at 0x{address:x}>";
        return ((long)Math.Max(obj.Size, (ulong)MethodTableInfoTable.MinObjectSize), builder.AddType(name));
    }

    /// <summary>Each reference of the object being added becomes an edge of the graph.</summary>
    private readonly struct EdgeVisitor(ObjectGraphBuilder builder) : IReferenceVisitor
    {
        public void Visit(ulong target)
        {
            if (target != 0)
            {
                builder.AddReference(target);
            }
        }
    }
}

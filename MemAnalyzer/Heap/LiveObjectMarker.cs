using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// Marks every object reachable from the GC roots, as SOS <c>dumpheap -live</c> defines them: strong, pinned and
/// ref-counted (&gt;0) handles, the f-reachable finalizer queue, stack roots of live threads, static and thread-static
/// slots; dependent handles are edges (their target lives only while their primary does); weak handles do not root.
/// References are read from raw memory through each type's GC descriptor (as ClrMD's EnumerateReferenceAddresses
/// does, without an iterator per object); an object whose type or memory the raw path cannot read goes through ClrMD.
/// </summary>
public static class LiveObjectMarker
{
    /// <summary>Marks the live objects of the source's heap; <paramref name="progress"/> gets the objects visited so far.</summary>
    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    public static ObjectBitmap Mark(HeapSource source, WalkOptions options, CancellationToken cancellation, Action<long>? progress = null)
    {
        var (heap, table, memory) = (source.Heap, source.TableWithReferences(), source.Memory);
        var marks = new ObjectBitmap(heap.Segments);
        var pending = new AddressStack();
        foreach (var address in RootSource.RootObjects(heap, options))
        {
            if (address != 0 && marks.TryMark(address))
            {
                pending.Push(address);
            }
        }

        var dependents = DependentHandles.Of(heap);
        var workers = memory.IsThreadSafe ? options.Threads : 1;
        if (workers <= 1)
        {
            var reader = new ObjectReader(HeapBlockCache.For(heap, memory), memory);
            var visitor = new MarkVisitor(marks, pending, atomic: false);
            var slices = new ArraySlices();
            long visited = 0;
            while (pending.TryPop(out var address) || NextSlice(heap, slices, table, reader, ref visitor))
            {
                if (address == 0)
                {
                    // A slice was taken: its elements are on the work list now.
                    continue;
                }
                if ((++visited & 0xFFFF) == 0)
                {
                    cancellation.ThrowIfCancellationRequested();
                    progress?.Invoke(visited);
                }
                Visit(heap, address, table, reader, dependents, slices, ref visitor);
            }
            marks.WorkList = MarkWorkList.Of(pending, slices);
            return marks;
        }
        marks.WorkList = new ParallelMark(heap, table, memory, dependents, marks, workers, cancellation, progress).Run(pending);
        return marks;
    }

    /// <summary>Visits an object's references; a large reference array is queued to be visited in slices.</summary>
    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    internal static void Visit(ClrHeap heap, ulong address, MethodTableInfoTable table, ObjectReader reader, DependentHandles dependents,
        ArraySlices slices, ref MarkVisitor visitor)
    {
        switch (ObjectReferences.TryVisit(address, table, reader, dependents, ref visitor, ArraySlices.SliceLength))
        {
            case ObjectReferences.Outcome.NeedsClrMd:
                ObjectReferences.VisitThroughClrMd(heap, address, ref visitor);
                break;
            case ObjectReferences.Outcome.LargeArray:
                slices.Push(address, 0);
                break;
        }
    }

    /// <summary>
    /// When the work list is empty: the next slice of a large array, whose newly marked elements go onto the work list.
    /// False when no array is left. An array the raw path cannot read goes through ClrMD whole.
    /// </summary>
    internal static bool NextSlice(ClrHeap heap, ArraySlices slices, MethodTableInfoTable table, ObjectReader reader, ref MarkVisitor visitor)
    {
        if (!slices.TryPop(out var array, out var first))
        {
            return false;
        }
        var next = ObjectReferences.VisitSlice(array, first, ArraySlices.SliceLength, table, reader, ref visitor);
        if (next >= 0)
        {
            slices.Push(array, next);
        }
        else if (next == -2)
        {
            ObjectReferences.VisitThroughClrMd(heap, array, ref visitor);
        }
        return true;
    }
}

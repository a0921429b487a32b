using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// Marks every object reachable from the GC roots, as SOS <c>dumpheap -live</c> defines them: strong, pinned and
/// ref-counted (&gt;0) handles, the f-reachable finalizer queue, stack roots of live threads, static and thread-static
/// slots; dependent handles are edges (their target lives only while their primary does); weak handles do not root.
/// </summary>
public static class LiveObjectMarker
{
    public static ObjectBitmap Mark(ClrHeap heap, CancellationToken cancellation)
    {
        var marks = new ObjectBitmap(heap.Segments);
        var pending = new Stack<ulong>(1024);
        foreach (var address in RootSource.RootObjects(heap))
        {
            if (address != 0 && marks.TryMark(address))
            {
                pending.Push(address);
            }
        }

        var visited = 0;
        while (pending.TryPop(out var address))
        {
            if ((++visited & 0xFFFF) == 0)
            {
                cancellation.ThrowIfCancellationRequested();
            }
            var type = heap.GetObjectType(address);
            // No ContainsPointers shortcut: a pointer-free object can still be the primary of a dependent handle.
            if (type is null)
            {
                continue;
            }
            foreach (var child in heap.GetObject(address, type).EnumerateReferenceAddresses(carefully: false, considerDependantHandles: true))
            {
                if (child != 0 && marks.TryMark(child))
                {
                    pending.Push(child);
                }
            }
        }
        return marks;
    }
}

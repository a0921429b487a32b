using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// Unreachable objects registered for finalization (ClrHeap.EnumerateFinalizableObjects) that are not yet on the
/// f-reachable queue: they are dead, as SOS counts them, but the next GC only queues their finalizers, and a later GC
/// frees them.
/// </summary>
internal static class AwaitingFinalization
{
    /// <summary>Count and bytes of the finalizable objects the live set did not mark. Objects on frozen segments never count (they are live).</summary>
    /// <param name="generation">-gen: only the objects of this generation.</param>
    public static (long Count, long Bytes) Of(ClrHeap heap, ObjectBitmap live, Analysis.HeapGeneration? generation, CancellationToken cancellation)
    {
        long count = 0, bytes = 0, visited = 0;
        foreach (var obj in heap.EnumerateFinalizableObjects())
        {
            if ((++visited & 0xFFF) == 0)
            {
                cancellation.ThrowIfCancellationRequested();
            }
            if (!obj.IsValid || IsLive(heap, live, obj.Address) || !GenerationWindow.Contains(heap, obj.Address, generation))
            {
                continue;
            }
            count++;
            bytes += (long)obj.Size;
        }
        return (count, bytes);
    }

    /// <summary>A finalizable object is live when the mark reached it or it lies on a frozen segment (no GC frees those).</summary>
    public static bool IsLive(ClrHeap heap, ObjectBitmap live, ulong address) =>
        live.IsMarked(address) || heap.GetSegmentByAddress(address)?.Kind == GCSegmentKind.Frozen;
}

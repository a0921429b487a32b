using Microsoft.Diagnostics.Runtime;
using Microsoft.Diagnostics.Runtime.DataReaders.Implementation;

namespace MemAnalyzer.MemoryMap;

/// <summary>What the runtime knows about its own memory: the GC's ranges, its other heaps, and where threads' stacks are.</summary>
/// <param name="GcHeap">GC segments or regions, reserved and committed, plus GC bookkeeping and free regions.</param>
/// <param name="RuntimeHeaps">Loader, stub and code heaps and the handle table: VMMap's "Managed Heap" includes them.</param>
/// <param name="StackPointers">The stack pointer of every thread the target had.</param>
/// <param name="ManagedStacks">[limit, base) of each managed thread's stack.</param>
public sealed record ClrMemoryRanges(
    IReadOnlyList<(ulong Start, ulong End)> GcHeap,
    IReadOnlyList<(ulong Start, ulong End)> RuntimeHeaps,
    IReadOnlyList<ulong> StackPointers,
    IReadOnlyList<(ulong Start, ulong End)> ManagedStacks)
{
    private const uint ContextAmd64Control = 0x100001;
    private const int ContextAmd64Size = 1232;
    private const int RspOffset = 0x98;

    public static ClrMemoryRanges Capture(ClrRuntime runtime)
    {
        var gc = new List<(ulong, ulong)>();
        foreach (var segment in runtime.Heap.Segments)
        {
            Add(gc, segment.ReservedMemory);
            Add(gc, segment.CommittedMemory);
            Add(gc, segment.ObjectRange);
        }
        var runtimeHeaps = new List<(ulong, ulong)>();
        foreach (var heap in runtime.EnumerateClrNativeHeaps())
        {
            Add(heap.Kind is NativeHeapKind.GCBookkeeping or NativeHeapKind.GCFreeRegion ? gc : runtimeHeaps, heap.MemoryRange);
        }
        var stacks = runtime.Threads.Where(t => t.StackBase > t.StackLimit && t.StackLimit != 0).Select(t => (t.StackLimit, t.StackBase)).ToList();
        return new ClrMemoryRanges(gc, runtimeHeaps, StackPointersOf(runtime.DataTarget.DataReader), stacks);
    }

    private static List<ulong> StackPointersOf(IDataReader reader)
    {
        var pointers = new List<ulong>();
        if (reader is not IThreadReader threads)
        {
            return pointers;
        }
        Span<byte> context = stackalloc byte[ContextAmd64Size];
        foreach (var id in threads.EnumerateOSThreadIds())
        {
            context.Clear();
            if (reader.GetThreadContext(id, ContextAmd64Control, context))
            {
                var sp = BitConverter.ToUInt64(context[RspOffset..]);
                if (sp != 0)
                {
                    pointers.Add(sp);
                }
            }
        }
        return pointers;
    }

    private static void Add(List<(ulong, ulong)> ranges, MemoryRange range)
    {
        if (range.Length > 0)
        {
            ranges.Add((range.Start, range.End));
        }
    }
}

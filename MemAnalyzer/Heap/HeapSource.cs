using System.Collections.Concurrent;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// The heap of one opened target as every walk reads it: ClrMD's heap, the target's memory, and the MethodTable table,
/// built once and shared by the mark, the graph and every scan (GC descriptors are read once a walk needs references).
/// It also remembers the segments the raw walk could not read, so that a later scan walks them through ClrMD at once.
/// Owns the memory view: disposing the source closes it.
/// </summary>
public sealed class HeapSource : IDisposable
{
    private readonly ConcurrentDictionary<ulong, string> _clrMdSegments = new();
    private (ulong[] Starts, ulong[] Ends)? _contexts;

    internal HeapSource(ClrHeap heap, TargetMemory memory)
    {
        Heap = heap;
        Memory = memory;
        Table = new MethodTableInfoTable(heap, memory, withReferences: false);
    }

    public ClrHeap Heap { get; }

    internal TargetMemory Memory { get; }

    /// <summary>The table, sizes only until <see cref="TableWithReferences"/> is asked for.</summary>
    internal MethodTableInfoTable Table { get; }

    /// <summary>The raw walk mirrors the rules of 64-bit targets; other targets are walked through ClrMD.</summary>
    internal bool RawWalk => Heap.Runtime.DataTarget.DataReader.PointerSize == 8;

    /// <summary>
    /// The source of a heap whose target the caller opened: from <paramref name="dumpFile"/> when it was opened from a
    /// core dump (read directly; owned by the source from here on), else through ClrMD's reader.
    /// </summary>
    internal static HeapSource Of(ClrHeap heap, DumpFileMemory? dumpFile, DumpIndexIdentity? index = null) =>
        new(heap, TargetMemory.Of(heap, dumpFile)) { IndexIdentity = dumpFile is null ? null : index };

    /// <summary>The dump this heap was read from, for its index; null for a live process or its temporary heap dump.</summary>
    public DumpIndexIdentity? IndexIdentity { get; private init; }

    /// <summary>The table with GC descriptors (where objects' references lie), for the mark and the object graph.</summary>
    internal MethodTableInfoTable TableWithReferences()
    {
        Table.IncludeReferences();
        return Table;
    }

    /// <summary>The allocation contexts (start, end), ordered by start: asked of ClrMD once.</summary>
    internal (ulong[] Starts, ulong[] Ends) AllocationContexts()
    {
        if (_contexts is null)
        {
            lock (Table.ClrMdLock)
            {
                var contexts = Heap.EnumerateAllocationContexts().OrderBy(c => c.Start).ToArray();
                _contexts ??= (contexts.Select(c => c.Start).ToArray(), contexts.Select(c => c.End).ToArray());
            }
        }
        return _contexts.Value;
    }

    /// <summary>Why the raw walk could not read the segment starting at <paramref name="start"/>, when an earlier scan found it could not.</summary>
    internal string? ClrMdReason(ulong start) => _clrMdSegments.TryGetValue(start, out var reason) ? reason : null;

    internal void RememberClrMd(ulong start, string reason) => _clrMdSegments.TryAdd(start, reason);

    public void Dispose() => Memory.Dispose();
}

using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// Several threads mark at once (atomic bitmap), each from its own work list with its own block cache. A thread
/// that runs dry takes work another thread gave away: a busy thread hands half of its list over whenever someone waits.
/// </summary>
internal sealed class ParallelMark(ClrHeap heap, MethodTableInfoTable table, TargetMemory memory, DependentHandles dependents,
    ObjectBitmap marks, int workers, CancellationToken cancellation, Action<long>? progress)
{
    private readonly System.Collections.Concurrent.ConcurrentStack<ulong[]> _shared = new();
    private readonly System.Collections.Concurrent.ConcurrentStack<(ulong Array, long Next)> _sharedSlices = new();
    private int _waiting;
    private long _visited;
    private volatile bool _failed;
    private MarkWorkList _workList = new(0, 0);

    /// <summary>Marks from the roots; returns the work lists' peaks, summed over the threads.</summary>
    public MarkWorkList Run(AddressStack roots)
    {
        var initial = roots.TakeAll();
        var starts = Enumerable.Range(0, workers).Select(w => initial.Where((_, index) => index % workers == w).ToArray()).ToArray();
        WalkThreads.Run(workers, w => Work(starts[w]));
        return _workList;
    }

    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    private void Work(ulong[] start)
    {
        var local = new AddressStack();
        var slices = new ArraySlices();
        try
        {
            local.PushAll(start);
            var reader = new ObjectReader(HeapBlockCache.For(heap, memory, HeapBlockCache.MaxBlocks / 2), memory);
            var visitor = new MarkVisitor(marks, local, atomic: true);
            long visited = 0;
            while (true)
            {
                while (local.TryPop(out var address))
                {
                    switch (ObjectReferences.TryVisit(address, table, reader, dependents, ref visitor, ArraySlices.SliceLength))
                    {
                        case ObjectReferences.Outcome.NeedsClrMd:
                            lock (table.ClrMdLock)
                            {
                                ObjectReferences.VisitThroughClrMd(heap, address, ref visitor);
                            }
                            break;
                        case ObjectReferences.Outcome.LargeArray:
                            slices.Push(address, 0);
                            break;
                    }
                    if ((++visited & 0xFF) == 0)
                    {
                        if (_failed)
                        {
                            return;
                        }
                        if (Volatile.Read(ref _waiting) > 0 && local.Count > 64 && _shared.IsEmpty)
                        {
                            _shared.Push(local.TakeHalf());
                        }
                        if ((visited & 0xFFFF) == 0)
                        {
                            cancellation.ThrowIfCancellationRequested();
                            progress?.Invoke(Interlocked.Add(ref _visited, 0x10000));
                        }
                    }
                }
                // The work list is empty: the next slice of a large array this thread holds, if any.
                if (slices.TryPop(out var array, out var first))
                {
                    var next = ObjectReferences.VisitSlice(array, first, ArraySlices.SliceLength, table, reader, ref visitor);
                    if (next >= 0 && Volatile.Read(ref _waiting) > 0)
                    {
                        // The rest of a large array is work too: a thread that waits takes its next slice.
                        _sharedSlices.Push((array, next));
                    }
                    else if (next >= 0)
                    {
                        slices.Push(array, next);
                    }
                    else if (next == -2)
                    {
                        lock (table.ClrMdLock)
                        {
                            ObjectReferences.VisitThroughClrMd(heap, array, ref visitor);
                        }
                    }
                    continue;
                }
                if (_shared.TryPop(out var given))
                {
                    local.PushAll(given);
                    continue;
                }
                if (_sharedSlices.TryPop(out var slice))
                {
                    slices.Push(slice.Array, slice.Next);
                    continue;
                }
                // Dry: wait for work, or stop when every thread is dry and nothing is left to take.
                Interlocked.Increment(ref _waiting);
                var spin = new SpinWait();
                while (true)
                {
                    if (_shared.TryPop(out given))
                    {
                        Interlocked.Decrement(ref _waiting);
                        local.PushAll(given);
                        break;
                    }
                    if (_sharedSlices.TryPop(out slice))
                    {
                        Interlocked.Decrement(ref _waiting);
                        slices.Push(slice.Array, slice.Next);
                        break;
                    }
                    if (_failed || (Volatile.Read(ref _waiting) == workers && _shared.IsEmpty && _sharedSlices.IsEmpty))
                    {
                        return;
                    }
                    // Yield, never sleep: a 1 ms sleep here left the waiting thread idle while work was handed over.
                    spin.SpinOnce(sleep1Threshold: -1);
                }
            }
        }
        catch
        {
            _failed = true;
            throw;
        }
        finally
        {
            lock (_shared)
            {
                _workList = _workList.Plus(MarkWorkList.Of(local, slices));
            }
        }
    }
}

using System.Buffers.Binary;
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
    public static ObjectBitmap Mark(ClrHeap heap, WalkOptions options, CancellationToken cancellation)
    {
        using var memory = HeapScannerMemory.Open(heap);
        return Mark(heap, new MethodTableInfoTable(heap, memory, withReferences: true), memory, options, cancellation, progress: null);
    }

    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    internal static ObjectBitmap Mark(ClrHeap heap, MethodTableInfoTable table, HeapScannerMemory memory, WalkOptions options, CancellationToken cancellation, Action<long>? progress)
    {
        var marks = new ObjectBitmap(heap.Segments);
        var pending = new AddressStack();
        foreach (var address in RootSource.RootObjects(heap, options))
        {
            if (address != 0 && marks.TryMark(address))
            {
                pending.Push(address);
            }
        }

        var dependents = DependentHandles(heap);
        var workers = memory.IsThreadSafe ? options.Threads : 1;
        if (workers <= 1)
        {
            var reader = new ObjectReader(new HeapBlockCache(memory), memory);
            long visited = 0;
            while (pending.TryPop(out var address))
            {
                if ((++visited & 0xFFFF) == 0)
                {
                    cancellation.ThrowIfCancellationRequested();
                    progress?.Invoke(visited);
                }
                if (!TryMarkChildren(address, table, reader, dependents, marks, pending, atomic: false))
                {
                    MarkChildrenThroughClrMd(heap, address, marks, pending, atomic: false);
                }
            }
            return marks;
        }
        new ParallelMark(heap, table, memory, dependents, marks, workers, cancellation, progress).Run(pending);
        return marks;
    }

    /// <summary>
    /// Several threads mark at once (atomic bitmap), each from its own work list with its own block cache. A thread
    /// that runs dry takes work another thread gave away: a busy thread hands half of its list over whenever someone waits.
    /// </summary>
    private sealed class ParallelMark(ClrHeap heap, MethodTableInfoTable table, HeapScannerMemory memory, (ulong Source, ulong Target)[] dependents,
        ObjectBitmap marks, int workers, CancellationToken cancellation, Action<long>? progress)
    {
        private readonly System.Collections.Concurrent.ConcurrentStack<ulong[]> _shared = new();
        private int _waiting;
        private long _visited;
        private volatile bool _failed;

        public void Run(AddressStack roots)
        {
            var initial = roots.TakeAll();
            var threads = new Task[workers];
            for (var i = 0; i < workers; i++)
            {
                var start = initial.Where((_, index) => index % workers == i).ToArray();
                threads[i] = Task.Factory.StartNew(() => Work(start), CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
            }
            try
            {
                Task.WaitAll(threads);
            }
            catch (AggregateException e)
            {
                throw e.InnerExceptions.FirstOrDefault(x => x is OperationCanceledException) ?? e.InnerExceptions[0];
            }
        }

        // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
        private void Work(ulong[] start)
        {
            try
            {
                var local = new AddressStack();
                local.PushAll(start);
                var reader = new ObjectReader(new HeapBlockCache(memory, blockCount: 512), memory);
                long visited = 0;
                while (true)
                {
                    while (local.TryPop(out var address))
                    {
                        if (!TryMarkChildren(address, table, reader, dependents, marks, local, atomic: true))
                        {
                            lock (table.ClrMdLock)
                            {
                                MarkChildrenThroughClrMd(heap, address, marks, local, atomic: true);
                            }
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
                    if (_shared.TryPop(out var given))
                    {
                        local.PushAll(given);
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
                        if (_failed || (Volatile.Read(ref _waiting) == workers && _shared.IsEmpty))
                        {
                            return;
                        }
                        spin.SpinOnce();
                    }
                }
            }
            catch
            {
                _failed = true;
                throw;
            }
        }
    }

    /// <summary>The raw path. False (before anything was marked) if the object must go through ClrMD.</summary>
    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    private static bool TryMarkChildren(ulong address, MethodTableInfoTable table, ObjectReader reader, (ulong Source, ulong Target)[] dependents, ObjectBitmap marks, AddressStack pending, bool atomic)
    {
        if (!reader.TryReadHeader(address, out var methodTable, out var length))
        {
            return false;
        }
        var index = table.Find(methodTable & ~1UL);
        if (index < 0)
        {
            return false;
        }
        var entry = table.Entries[index];
        ulong size = 0;
        if ((entry.Flags & MethodTableInfoTable.HasReferences) != 0)
        {
            size = entry.BaseSize;
            if (entry.ComponentSize != 0)
            {
                ulong count = length;
                if ((entry.Flags & MethodTableInfoTable.IsString) != 0)
                {
                    count++;
                }
                size = count * entry.ComponentSize + entry.BaseSize;
            }
            if (size < HeapScanner.MinObjectSize)
            {
                size = HeapScanner.MinObjectSize;
            }
            // ClrMD yields no references for an absurd size; neither do we.
            if (size > int.MaxValue)
            {
                size = 0;
            }
            else if (!reader.Load(address, (int)size))
            {
                return false;
            }
        }

        // ClrMD's order: dependent-handle targets first, then the fields.
        if (dependents.Length > 0)
        {
            var at = FirstSource(dependents, address);
            for (; at < dependents.Length && dependents[at].Source == address; at++)
            {
                Visit(dependents[at].Target, marks, pending, atomic);
            }
        }
        if (size == 0)
        {
            return true;
        }
        var gc = table.GcDescriptors;
        var start = entry.GcDescriptorStart;
        var objectSize = (long)size;
        if (entry.GcDescriptorSeries > 0)
        {
            for (var series = 0; series < entry.GcDescriptorSeries; series++)
            {
                var offset = gc[start + 2 * series];
                var stop = offset + gc[start + 2 * series + 1] + objectSize;
                for (; offset < stop; offset += 8)
                {
                    Visit(reader.PointerAt(offset), marks, pending, atomic);
                }
            }
        }
        else
        {
            var offset = gc[start];
            var items = -entry.GcDescriptorSeries;
            while (offset < objectSize - 8)
            {
                for (var item = 0; item < items; item++)
                {
                    var pointers = gc[start + 1 + 2 * item];
                    var skip = gc[start + 2 + 2 * item];
                    var stop = offset + pointers * 8;
                    do
                    {
                        Visit(reader.PointerAt(offset), marks, pending, atomic);
                        offset += 8;
                    }
                    while (offset < stop);
                    offset += skip;
                }
            }
        }
        return true;
    }

    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    private static void Visit(ulong child, ObjectBitmap marks, AddressStack pending, bool atomic)
    {
        if (child != 0 && (atomic ? marks.TryMarkAtomic(child) : marks.TryMark(child)))
        {
            pending.Push(child);
        }
    }

    private static void MarkChildrenThroughClrMd(ClrHeap heap, ulong address, ObjectBitmap marks, AddressStack pending, bool atomic)
    {
        var type = heap.GetObjectType(address);
        // No ContainsPointers shortcut: a pointer-free object can still be the primary of a dependent handle.
        if (type is null)
        {
            return;
        }
        foreach (var child in heap.GetObject(address, type).EnumerateReferenceAddresses(carefully: false, considerDependantHandles: true))
        {
            Visit(child, marks, pending, atomic);
        }
    }

    private static (ulong Source, ulong Target)[] DependentHandles(ClrHeap heap) =>
        heap.Runtime.EnumerateHandles()
            .Where(h => h.HandleKind == ClrHandleKind.Dependent && h.Object.Address != 0)
            .Select(h => (h.Object.Address, h.Dependent.Address))
            .OrderBy(p => p.Item1)
            .ToArray();

    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    private static int FirstSource((ulong Source, ulong Target)[] sorted, ulong source)
    {
        int low = 0, high = sorted.Length;
        while (low < high)
        {
            var middle = (low + high) >>> 1;
            if (sorted[middle].Source < source)
            {
                low = middle + 1;
            }
            else
            {
                high = middle;
            }
        }
        return low;
    }

    /// <summary>The mark phase's work list: a growable array, no allocation per object.</summary>
    private sealed class AddressStack
    {
        private ulong[] _items = new ulong[4096];
        private int _count;

        // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
        public void Push(ulong address)
        {
            if (_count == _items.Length)
            {
                Array.Resize(ref _items, _items.Length * 2);
            }
            _items[_count++] = address;
        }

        public int Count => _count;

        public void PushAll(ulong[] addresses)
        {
            foreach (var address in addresses)
            {
                Push(address);
            }
        }

        /// <summary>Removes and returns the older half (the bottom of the stack).</summary>
        public ulong[] TakeHalf()
        {
            var half = _count / 2;
            var taken = _items.AsSpan(0, half).ToArray();
            _items.AsSpan(half, _count - half).CopyTo(_items);
            _count -= half;
            return taken;
        }

        public ulong[] TakeAll()
        {
            var all = _items.AsSpan(0, _count).ToArray();
            _count = 0;
            return all;
        }

        // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
        public bool TryPop(out ulong address)
        {
            if (_count == 0)
            {
                address = 0;
                return false;
            }
            address = _items[--_count];
            return true;
        }
    }

    /// <summary>
    /// One object's bytes: the cache block itself when the object fits in one block (no copy), else a window read on
    /// demand (large arrays are read 1 MiB at a time, not whole).
    /// </summary>
    private sealed class ObjectReader(HeapBlockCache cache, HeapScannerMemory memory)
    {
        private const int WindowSize = 1 << 20;
        private readonly byte[] _window = new byte[WindowSize];
        private readonly byte[] _header = new byte[16];
        private byte[] _data = [];
        private int _dataOffset;
        private ulong _address;
        private long _size;
        private long _windowStart;
        private int _windowLength;

        // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
        public bool TryReadHeader(ulong address, out ulong methodTable, out uint length)
        {
            byte[] block;
            int offset;
            if (!cache.TryGetBlock(address, 16, out block!, out offset))
            {
                if (memory.Read(address, _header) != 16)
                {
                    methodTable = 0;
                    length = 0;
                    return false;
                }
                block = _header;
                offset = 0;
            }
            methodTable = BinaryPrimitives.ReadUInt64LittleEndian(block.AsSpan(offset));
            length = BinaryPrimitives.ReadUInt32LittleEndian(block.AsSpan(offset + 8));
            return true;
        }

        /// <summary>Prepares reads of [address, address + size); false if the memory cannot be read.</summary>
        // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
        public bool Load(ulong address, int size)
        {
            _address = address;
            _size = size;
            _windowStart = 0;
            if (cache.TryGetBlock(address, size, out var block, out var offset))
            {
                // The block stays put until the next cache call, which comes only after this object's references.
                _data = block;
                _dataOffset = offset;
                _windowLength = size;
                return true;
            }
            var first = Math.Min(size, WindowSize);
            _data = _window;
            _dataOffset = 0;
            _windowLength = memory.Read(address, _window.AsSpan(0, first));
            return _windowLength == first;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public ulong PointerAt(long offset)
        {
            var relative = offset - _windowStart;
            if ((ulong)relative + 8 > (ulong)_windowLength)
            {
                return Refill(offset);
            }
            return BinaryPrimitives.ReadUInt64LittleEndian(_data.AsSpan(_dataOffset + (int)relative));
        }

        // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
        private ulong Refill(long offset)
        {
            if (offset < 0 || offset + 8 > _size)
            {
                return 0;
            }
            var length = (int)Math.Min(WindowSize, _size - offset);
            _data = _window;
            _dataOffset = 0;
            _windowLength = memory.Read(_address + (ulong)offset, _window.AsSpan(0, length));
            _windowStart = offset;
            return _windowLength < 8 ? 0 : BinaryPrimitives.ReadUInt64LittleEndian(_window);
        }
    }
}

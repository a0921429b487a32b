namespace MemAnalyzer.Heap;

/// <summary>
/// A bounded cache of 64 KiB blocks of target memory for the mark phase's random reads: one positioned read or
/// process_vm_readv per block instead of one per object, and a fixed memory cost whatever the heap's size.
/// </summary>
internal sealed class HeapBlockCache
{
    private const int BlockShift = 16;
    private const int BlockSize = 1 << BlockShift;
    private readonly TargetMemory _memory;
    private readonly ulong[] _tags;
    private readonly int[] _lengths;
    private readonly byte[] _storage;
    private readonly int _mask;

    /// <summary>
    /// The most blocks a cache holds: 8 MiB. A larger cache missed less but cost more: each of its pages is faulted in
    /// when first filled, and with 64 MiB those faults outweighed the misses saved (10M-object dump, `-live`: 1.44-1.84 s
    /// of CPU and 23,900 page faults with 64 MiB, 1.08 s and 10,100 with 8 MiB; `-retained` 6.6-7.0 s against 4.9-5.3 s).
    /// </summary>
    public const int MaxBlocks = 128;

    /// <summary>
    /// A cache of at most <paramref name="maxBlocks"/> blocks and at most an eighth of the heap's segments (16 blocks at
    /// least): a cache as large as the heap would copy all of it, and a dump of a small process (a test's dump of
    /// itself) would cost its process twice its size.
    /// </summary>
    public static HeapBlockCache For(Microsoft.Diagnostics.Runtime.ClrHeap heap, TargetMemory memory, int maxBlocks = MaxBlocks)
    {
        ulong bytes = 0;
        foreach (var segment in heap.Segments)
        {
            bytes += segment.ObjectRange.Length;
        }
        var wanted = System.Numerics.BitOperations.RoundUpToPowerOf2(Math.Max(bytes / 8 >> BlockShift, 1));
        return new HeapBlockCache(memory, (int)Math.Clamp(wanted, 16, (ulong)maxBlocks));
    }

    public HeapBlockCache(TargetMemory memory, int blockCount = MaxBlocks)
    {
        _memory = memory;
        _tags = new ulong[blockCount];
        Array.Fill(_tags, ulong.MaxValue);
        _lengths = new int[blockCount];
        // One array for all blocks, not zeroed: a block is read before it is used, and the pages are touched only as
        // blocks fill. (A 64 KiB array per block cost a quarter of -live's time in the allocator clearing memory.)
        _storage = GC.AllocateUninitializedArray<byte>(blockCount << BlockShift);
        _mask = blockCount - 1;
    }

    /// <summary>The array holding the cached block of [address, address+length) and the offset of address in that array; valid until the next call.</summary>
    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    public bool TryGetBlock(ulong address, int length, out byte[] block, out int offset)
    {
        var tag = address >> BlockShift;
        var inner = (int)(address & (BlockSize - 1));
        var slot = (int)(tag & (ulong)_mask);
        block = _storage;
        offset = (slot << BlockShift) + inner;
        if (inner + length > BlockSize)
        {
            return false;
        }
        if (_tags[slot] != tag)
        {
            _tags[slot] = tag;
            _lengths[slot] = _memory.Read(tag << BlockShift, _storage.AsSpan(slot << BlockShift, BlockSize));
        }
        return inner + length <= _lengths[slot];
    }
}

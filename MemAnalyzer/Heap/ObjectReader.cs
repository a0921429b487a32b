using System.Buffers.Binary;

namespace MemAnalyzer.Heap;

/// <summary>
/// One object's bytes: the cache block itself when the object fits in one block (no copy), else a window read on
/// demand (large arrays are read 1 MiB at a time, not whole).
/// </summary>
internal sealed class ObjectReader(HeapBlockCache cache, TargetMemory memory)
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

    /// <summary>
    /// Prepares reads of [offset, offset + length) of the object at <paramref name="address"/> (<paramref name="size"/>
    /// bytes in all), reading only that range: a slice of a large array, not its first megabyte as well.
    /// False if the range cannot be read.
    /// </summary>
    public bool LoadRange(ulong address, long size, long offset, int length)
    {
        _address = address;
        _size = size;
        _data = _window;
        _dataOffset = 0;
        _windowStart = offset;
        var wanted = (int)Math.Max(0, Math.Min(Math.Min(length, WindowSize), size - offset));
        _windowLength = memory.Read(address + (ulong)offset, _window.AsSpan(0, wanted));
        return _windowLength == wanted;
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

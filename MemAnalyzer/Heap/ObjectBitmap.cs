using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// One bit per 8-byte slot of every GC segment: the mark set of a reachability walk.
/// Costs heap bytes / 64 of memory, with no per-object allocation (a hash set costs 20-40 bytes per object).
/// </summary>
public sealed class ObjectBitmap
{
    private readonly ulong[] _starts;
    private readonly ulong[] _ends;
    private readonly ulong[][] _bits;
    // A directory over [first start, last end) in chunks of 2^_chunkShift bytes: the first segment that ends after the
    // chunk's start. A lookup is one index and usually no loop, instead of a binary search per reference.
    private readonly int[] _chunkFirst;
    private readonly int _chunkShift;
    private readonly ulong _low;
    private readonly ulong _high;

    /// <summary>For the mark set of a live mark: how large its work lists grew; null otherwise.</summary>
    public MarkWorkList? WorkList { get; internal set; }

    public ObjectBitmap(IReadOnlyList<ClrSegment> segments)
    {
        var ordered = segments.Where(s => s.ObjectRange.Length > 0).OrderBy(s => s.ObjectRange.Start).ToArray();
        _starts = new ulong[ordered.Length];
        _ends = new ulong[ordered.Length];
        _bits = new ulong[ordered.Length][];
        for (var i = 0; i < ordered.Length; i++)
        {
            _starts[i] = ordered[i].ObjectRange.Start;
            _ends[i] = ordered[i].ObjectRange.End;
            var slots = (ordered[i].ObjectRange.Length + 7) / 8;
            _bits[i] = new ulong[(slots + 63) / 64];
        }
        _low = ordered.Length == 0 ? 0 : _starts[0];
        _high = ordered.Length == 0 ? 0 : _ends.Max();
        var span = _high - _low;
        _chunkShift = 20;
        while ((span >> _chunkShift) >= 1 << 22)
        {
            _chunkShift++;
        }
        _chunkFirst = new int[(int)(span >> _chunkShift) + 1];
        var segment = 0;
        for (var chunk = 0; chunk < _chunkFirst.Length; chunk++)
        {
            var chunkStart = _low + ((ulong)chunk << _chunkShift);
            while (segment < _ends.Length && _ends[segment] <= chunkStart)
            {
                segment++;
            }
            _chunkFirst[chunk] = segment;
        }
    }

    /// <summary>Marks the object; true if it lies on the heap and was not marked before.</summary>
    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    public bool TryMark(ulong address)
    {
        var segment = FindSegment(address);
        if (segment < 0)
        {
            return false;
        }
        var slot = (address - _starts[segment]) >> 3;
        ref var word = ref _bits[segment][slot >> 6];
        var mask = 1UL << (int)(slot & 63);
        if ((word & mask) != 0)
        {
            return false;
        }
        word |= mask;
        return true;
    }

    /// <summary>The bits of the segment whose object range starts at <paramref name="segmentStart"/>, or null if none.</summary>
    internal SegmentBits? BitsOf(ulong segmentStart)
    {
        var segment = FindSegment(segmentStart);
        return segment < 0 || _starts[segment] != segmentStart ? null : new SegmentBits(_starts[segment], _bits[segment]);
    }

    /// <summary>One segment's bits: bit (address - Start) / 8.</summary>
    internal sealed record SegmentBits(ulong Start, ulong[] Bits);

    /// <summary>As <see cref="TryMark"/>, safe when several threads mark at once.</summary>
    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    public bool TryMarkAtomic(ulong address)
    {
        var segment = FindSegment(address);
        if (segment < 0)
        {
            return false;
        }
        var slot = (address - _starts[segment]) >> 3;
        ref var word = ref _bits[segment][slot >> 6];
        var mask = 1UL << (int)(slot & 63);
        return (Volatile.Read(ref word) & mask) == 0 && (Interlocked.Or(ref word, mask) & mask) == 0;
    }

    /// <summary>How many objects are marked.</summary>
    public long CountMarked()
    {
        long count = 0;
        foreach (var bits in _bits)
        {
            foreach (var word in bits)
            {
                count += System.Numerics.BitOperations.PopCount(word);
            }
        }
        return count;
    }

    /// <summary>The marked addresses of one segment (in address order), ascending (one enumerator, no allocation per object).</summary>
    internal IEnumerable<ulong> MarkedAddressesOf(int segment)
    {
        var bits = _bits[segment];
        for (var index = 0; index < bits.Length; index++)
        {
            var word = bits[index];
            while (word != 0)
            {
                var bit = System.Numerics.BitOperations.TrailingZeroCount(word);
                word &= word - 1;
                yield return _starts[segment] + (((ulong)index << 6) + (ulong)bit) * 8;
            }
        }
    }

    internal int SegmentCount => _bits.Length;

    internal ulong SegmentStartAt(int segment) => _starts[segment];

    internal ulong SegmentEndAt(int segment) => _ends[segment];

    internal ulong[] SegmentBitsAt(int segment) => _bits[segment];

    /// <summary>The index of the segment holding the address, or -1.</summary>
    internal int SegmentOf(ulong address) => FindSegment(address);

    public bool IsMarked(ulong address)
    {
        var segment = FindSegment(address);
        if (segment < 0)
        {
            return false;
        }
        var slot = (address - _starts[segment]) >> 3;
        return (_bits[segment][slot >> 6] & (1UL << (int)(slot & 63))) != 0;
    }

    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    private int FindSegment(ulong address)
    {
        if (address < _low || address >= _high)
        {
            return -1;
        }
        var segment = _chunkFirst[(int)((address - _low) >> _chunkShift)];
        while (segment < _ends.Length && _ends[segment] <= address)
        {
            segment++;
        }
        return segment < _ends.Length && _starts[segment] <= address ? segment : -1;
    }
}

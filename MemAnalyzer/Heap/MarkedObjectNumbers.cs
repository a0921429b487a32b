using System.Numerics;
using System.Runtime.CompilerServices;
using MemAnalyzer.Retention;

namespace MemAnalyzer.Heap;

/// <summary>
/// Numbers the marked objects of a bitmap by their rank in it (ascending address order) without storing an address
/// per object: a rank index of one int per 64-bit word of the bitmap (the marked objects before that word) gives the
/// number of an address in O(1) with a popcount, and the address of a number by two binary searches and a select in
/// one word. Memory: heap bytes / 128.
/// </summary>
public sealed class MarkedObjectNumbers : ObjectAddresses
{
    private readonly ObjectBitmap _bitmap;
    private readonly int[][] _before;
    private readonly int[] _segmentFirst;
    private readonly int _count;

    public MarkedObjectNumbers(ObjectBitmap bitmap)
    {
        _bitmap = bitmap;
        var segments = bitmap.SegmentCount;
        _before = new int[segments][];
        _segmentFirst = new int[segments];
        long running = 0;
        for (var s = 0; s < segments; s++)
        {
            _segmentFirst[s] = (int)running;
            var bits = bitmap.SegmentBitsAt(s);
            var before = new int[bits.Length];
            for (var w = 0; w < bits.Length; w++)
            {
                before[w] = (int)running;
                running += BitOperations.PopCount(bits[w]);
                if (running > int.MaxValue - 1)
                {
                    throw new ArgumentException($"more than {int.MaxValue - 1:N0} marked objects cannot be numbered");
                }
            }
            _before[s] = before;
        }
        _count = (int)running;
    }

    public override int Count => _count;

    public override long MemoryBytes => _before.Sum(b => 4L * b.Length) + 4L * _segmentFirst.Length;

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public override int IndexOf(ulong address)
    {
        var segment = _bitmap.SegmentOf(address);
        if (segment < 0 || (address & 7) != 0)
        {
            return -1;
        }
        var slot = (address - _bitmap.SegmentStartAt(segment)) >> 3;
        var index = (int)(slot >> 6);
        var word = _bitmap.SegmentBitsAt(segment)[index];
        var mask = 1UL << (int)(slot & 63);
        return (word & mask) == 0 ? -1 : _before[segment][index] + BitOperations.PopCount(word & (mask - 1));
    }

    public override ulong this[int obj]
    {
        get
        {
            if ((uint)obj >= (uint)_count)
            {
                throw new ArgumentOutOfRangeException(nameof(obj), $"object {obj} is outside 0..{_count - 1}");
            }
            // The last segment, then the last word, whose count of objects before it is at most obj holds it.
            var segment = LastAtMost(_segmentFirst, obj);
            var before = _before[segment];
            var index = LastAtMost(before, obj);
            var word = _bitmap.SegmentBitsAt(segment)[index];
            for (var skip = obj - before[index]; skip > 0; skip--)
            {
                word &= word - 1;
            }
            var slot = ((ulong)index << 6) + (ulong)BitOperations.TrailingZeroCount(word);
            return _bitmap.SegmentStartAt(segment) + slot * 8;
        }
    }

    private static int LastAtMost(int[] ascending, int value)
    {
        int low = 0, high = ascending.Length - 1;
        while (low < high)
        {
            var middle = (low + high + 1) >>> 1;
            if (ascending[middle] <= value)
            {
                low = middle;
            }
            else
            {
                high = middle - 1;
            }
        }
        return low;
    }
}

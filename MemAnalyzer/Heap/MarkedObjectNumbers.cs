using System.Numerics;
using System.Runtime.CompilerServices;
using MemAnalyzer.Retention;

namespace MemAnalyzer.Heap;

/// <summary>
/// Numbers the marked objects of a bitmap by their rank in it (ascending address order) without storing an address
/// per object: a rank index of one int per 64-bit word of the bitmap (the marked objects before that word) gives the
/// number of an address in O(1) with a popcount; a select sample (the word that holds every
/// <see cref="SampleEvery"/>th object) narrows the address of a number to a binary search over the few words between
/// two samples and a select in one word. Memory: heap bytes / 128, and 4 bytes per <see cref="SampleEvery"/> objects.
/// </summary>
public sealed class MarkedObjectNumbers : ObjectAddresses
{
    private readonly ObjectBitmap _bitmap;
    /// <summary>One select sample per this many objects: 1/16 byte per object.</summary>
    private const int SampleEvery = 64;

    private readonly int[][] _before;
    private readonly int[][] _samples;
    private readonly int[] _segmentFirst;
    private readonly int _count;

    /// <summary>The segment of every 2^<see cref="BlockShift"/>th object (one more past the last): an object's
    /// segment is searched for between those of its block's first object and the next block's.</summary>
    private readonly int[] _blockSegment;
    private const int BlockShift = 12;

    public MarkedObjectNumbers(ObjectBitmap bitmap)
    {
        _bitmap = bitmap;
        var segments = bitmap.SegmentCount;
        _before = new int[segments][];
        _samples = new int[segments][];
        _segmentFirst = new int[segments];
        long running = 0;
        for (var s = 0; s < segments; s++)
        {
            _segmentFirst[s] = (int)running;
            var bits = bitmap.SegmentBitsAt(s);
            var before = new int[bits.Length];
            var samples = new List<int>();
            for (var w = 0; w < bits.Length; w++)
            {
                before[w] = (int)running;
                var inWord = BitOperations.PopCount(bits[w]);
                // The words that hold the segment's objects number 0, SampleEvery, 2 * SampleEvery, …
                var local = running - _segmentFirst[s];
                for (var next = (long)samples.Count * SampleEvery; next < local + inWord; next += SampleEvery)
                {
                    samples.Add(w);
                }
                running += inWord;
                if (running > int.MaxValue - 1)
                {
                    throw new ArgumentException($"more than {int.MaxValue - 1:N0} marked objects cannot be numbered");
                }
            }
            _before[s] = before;
            _samples[s] = [.. samples];
        }
        _count = (int)running;
        _blockSegment = new int[(_count >> BlockShift) + 2];
        for (var b = 0; b < _blockSegment.Length && segments > 0; b++)
        {
            _blockSegment[b] = LastAtMost(_segmentFirst, 0, segments - 1, (int)Math.Min((long)b << BlockShift, int.MaxValue));
        }
    }

    public override int Count => _count;

    /// <summary>The number of the first marked object of the bitmap's segment <paramref name="segment"/> (in address order), and how many it holds.</summary>
    internal (int First, int Count) OfSegment(int segment) =>
        (_segmentFirst[segment], (segment + 1 < _segmentFirst.Length ? _segmentFirst[segment + 1] : _count) - _segmentFirst[segment]);

    public override long MemoryBytes => _before.Sum(b => 4L * b.Length) + _samples.Sum(b => 4L * b.Length) + 4L * _segmentFirst.Length;

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
            // The last segment, then the last word, whose count of objects before it is at most obj holds it: between
            // the words of the samples before and after obj.
            var block = obj >> BlockShift;
            var segment = LastAtMost(_segmentFirst, _blockSegment[block], _blockSegment[block + 1], obj);
            var before = _before[segment];
            var samples = _samples[segment];
            var sample = (obj - _segmentFirst[segment]) / SampleEvery;
            var index = LastAtMost(before, samples[sample], sample + 1 < samples.Length ? samples[sample + 1] : before.Length - 1, obj);
            var word = _bitmap.SegmentBitsAt(segment)[index];
            var skip = obj - before[index];
            if (System.Runtime.Intrinsics.X86.Bmi2.X64.IsSupported)
            {
                // The skip-th marked bit of the word, at once.
                word = System.Runtime.Intrinsics.X86.Bmi2.X64.ParallelBitDeposit(1UL << skip, word);
            }
            else
            {
                for (; skip > 0; skip--)
                {
                    word &= word - 1;
                }
            }
            var slot = ((ulong)index << 6) + (ulong)BitOperations.TrailingZeroCount(word);
            return _bitmap.SegmentStartAt(segment) + slot * 8;
        }
    }

    /// <summary>One lookup for the first object, then the marked bits in order: no search per object.</summary>
    public override void CopyTo(int first, Span<ulong> into)
    {
        if (into.Length == 0)
        {
            return;
        }
        if (first < 0 || first + into.Length > _count)
        {
            throw new ArgumentOutOfRangeException(nameof(first), $"objects {first}..{first + into.Length - 1} are outside 0..{_count - 1}");
        }
        var address = this[first];
        var segment = _bitmap.SegmentOf(address);
        var start = _bitmap.SegmentStartAt(segment);
        var bits = _bitmap.SegmentBitsAt(segment);
        var slot = (address - start) >> 3;
        var index = (int)(slot >> 6);
        // The bits of the first word from the first object's on.
        var word = bits[index] & (~0UL << (int)(slot & 63));
        for (var i = 0; i < into.Length; i++)
        {
            while (word == 0)
            {
                // The next word, in the next segment that has one when this one is done.
                for (index++; index >= bits.Length; index = 0)
                {
                    segment++;
                    start = _bitmap.SegmentStartAt(segment);
                    bits = _bitmap.SegmentBitsAt(segment);
                }
                word = bits[index];
            }
            into[i] = start + (((ulong)index << 6) + (ulong)System.Numerics.BitOperations.TrailingZeroCount(word)) * 8;
            word &= word - 1;
        }
    }

    private static int LastAtMost(int[] ascending, int low, int high, int value)
    {
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

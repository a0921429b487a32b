namespace MemAnalyzer.Heap;

/// <summary>
/// Large reference arrays in the middle of being marked: each with the next element to visit. The mark takes a slice
/// of elements only when its work list is empty, so one array of 50 million references never puts 50 million
/// addresses on the work list at once (the GC marks large arrays in ranges for the same reason).
/// </summary>
internal sealed class ArraySlices
{
    /// <summary>Elements of a large array visited per step, and the length above which an array is marked in slices.</summary>
    public const int SliceLength = 8192;

    private (ulong Address, long Next)[] _items = new (ulong, long)[16];
    private int _count;
    private int _peak;

    public int Count => _count;

    /// <summary>The most arrays it held at once.</summary>
    public int PeakCount => _peak;

    /// <summary>The bytes its array takes (it never shrinks, so this is also its peak).</summary>
    public long Bytes => _items.LongLength * 16;

    public void Push(ulong address, long next)
    {
        if (_count == _items.Length)
        {
            Array.Resize(ref _items, _items.Length * 2);
        }
        _items[_count++] = (address, next);
        _peak = Math.Max(_peak, _count);
    }

    public bool TryPop(out ulong address, out long next)
    {
        if (_count == 0)
        {
            (address, next) = (0, 0);
            return false;
        }
        (address, next) = _items[--_count];
        return true;
    }
}

namespace MemAnalyzer.Heap;

/// <summary>
/// Count and bytes per MethodTable index for one segment walk, merged into the heap's totals only when the segment
/// was walked completely (so a segment handed over to ClrMD half-way is not counted twice).
/// </summary>
internal sealed class SegmentTally
{
    private long[] _counts = new long[1024];
    private long[] _bytes = new long[1024];
    private int[] _touched = new int[1024];
    private int _touchedCount;

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public void Add(int index, long bytes)
    {
        if (index >= _counts.Length)
        {
            Grow(index);
        }
        if (_counts[index]++ == 0)
        {
            if (_touchedCount == _touched.Length)
            {
                Array.Resize(ref _touched, _touched.Length * 2);
            }
            _touched[_touchedCount++] = index;
        }
        _bytes[index] += bytes;
    }

    /// <summary>Adds this segment's tally to the heap totals and clears it.</summary>
    public void CommitTo(HeapTally totals)
    {
        for (var i = 0; i < _touchedCount; i++)
        {
            var index = _touched[i];
            totals.Add(index, _counts[index], _bytes[index]);
            _counts[index] = 0;
            _bytes[index] = 0;
        }
        _touchedCount = 0;
    }

    /// <summary>Objects counted in this segment so far, and their bytes (per touched MethodTable, not per object).</summary>
    public (long Count, long Bytes) ObjectTotals()
    {
        long count = 0, bytes = 0;
        for (var i = 0; i < _touchedCount; i++)
        {
            count += _counts[_touched[i]];
            bytes += _bytes[_touched[i]];
        }
        return (count, bytes);
    }

    public void Discard()
    {
        for (var i = 0; i < _touchedCount; i++)
        {
            _counts[_touched[i]] = 0;
            _bytes[_touched[i]] = 0;
        }
        _touchedCount = 0;
    }

    private void Grow(int index)
    {
        var length = Math.Max(_counts.Length * 2, index + 1);
        Array.Resize(ref _counts, length);
        Array.Resize(ref _bytes, length);
    }
}

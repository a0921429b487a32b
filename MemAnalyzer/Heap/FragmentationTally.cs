using System.Runtime.CompilerServices;

namespace MemAnalyzer.Heap;

/// <summary>
/// One walk thread's -fragmentation state for the segment it walks: objects and free blocks arrive in address order, so
/// the object right after a free block, and a pinned object right before or after one, are told from the previous call
/// alone. The segment's sums go to <see cref="FragmentationTotals"/> when it is done, or are dropped when the raw walk
/// gives it up (its ClrMD walk hands them again). Nothing is allocated per object; per free block, at most a lookup.
/// </summary>
internal sealed class FragmentationTally(FragmentationTotals totals, GenerationRanges ranges, PinnedObjects pinned)
{
    private const int Poh = 4;
    private readonly long[] _allocated = new long[FragmentationTotals.Generations];
    private readonly long[] _free = new long[FragmentationTotals.Generations];
    private readonly long[] _blocks = new long[FragmentationTotals.Generations];
    private readonly long[] _largest = new long[FragmentationTotals.Generations];
    private readonly PriorityQueue<(ulong Address, long Size, int Generation, int Next), (long, ulong)> _largestBlocks = new();
    private readonly Dictionary<(int Generation, byte Kind, int Index), (long Count, long Bytes)> _pinned = [];
    private ulong _rangeStart, _rangeEnd;
    private int _rangeGeneration = -1;
    private ulong _previous, _previousEnd, _lastCounted;
    private int _previousIndex, _previousGeneration;
    private long _previousSize;
    private (ulong Address, long Size, int Generation)? _pending;
    private ulong _pendingEnd;

    public FragmentationTally ForThread() => new(totals, ranges, pinned);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Object(ulong address, int index, long size)
    {
        var generation = GenerationOf(address);
        if (generation < 0)
        {
            return;
        }
        _allocated[generation] += size;
        if (_pending is { } block)
        {
            var follows = address == _pendingEnd;
            Record(block, follows ? index : -1);
            if (follows)
            {
                CountPinned(address, index, size, generation);
            }
        }
        (_previous, _previousEnd, _previousIndex, _previousSize, _previousGeneration) = (address, address + (((ulong)size + 7) & ~7UL), index, size, generation);
    }

    public void Free(ulong address, long size)
    {
        var generation = GenerationOf(address);
        if (generation < 0)
        {
            return;
        }
        _free[generation] += size;
        _blocks[generation]++;
        _largest[generation] = Math.Max(_largest[generation], size);
        if (_pending is { } before)
        {
            Record(before, -1);
        }
        if (_previousEnd == address && _previousEnd != 0)
        {
            CountPinned(_previous, _previousIndex, _previousSize, _previousGeneration);
        }
        _pending = (address, size, generation);
        _pendingEnd = address + (((ulong)size + 7) & ~7UL);
    }

    public void SegmentDone()
    {
        if (_pending is { } block)
        {
            Record(block, -1);
        }
        for (var g = 0; g < FragmentationTotals.Generations; g++)
        {
            totals.Allocated[g] += _allocated[g];
            totals.Free[g] += _free[g];
            totals.Blocks[g] += _blocks[g];
            totals.Largest[g] = Math.Max(totals.Largest[g], _largest[g]);
        }
        while (_largestBlocks.TryDequeue(out var kept, out _))
        {
            FragmentationTotals.Offer(totals.LargestBlocks, totals.Keep, kept);
        }
        foreach (var (key, value) in _pinned)
        {
            var sum = totals.Pinned.GetValueOrDefault(key);
            totals.Pinned[key] = (sum.Count + value.Count, sum.Bytes + value.Bytes);
        }
        Discard();
    }

    public void Discard()
    {
        Array.Clear(_allocated);
        Array.Clear(_free);
        Array.Clear(_blocks);
        Array.Clear(_largest);
        _largestBlocks.Clear();
        _pinned.Clear();
        _pending = null;
        _previous = _previousEnd = _lastCounted = 0;
    }

    private void Record((ulong Address, long Size, int Generation) block, int next)
    {
        FragmentationTotals.Offer(_largestBlocks, totals.Keep, (block.Address, block.Size, block.Generation, next));
        _pending = null;
    }

    private void CountPinned(ulong address, int index, long size, int generation)
    {
        if (address == _lastCounted)
        {
            return;
        }
        var kind = pinned.KindOf(address);
        if (kind == 0 && generation == Poh)
        {
            kind = PinnedObjects.Poh;
        }
        if (kind == 0)
        {
            return;
        }
        _lastCounted = address;
        var key = (generation, kind, index);
        var sum = _pinned.GetValueOrDefault(key);
        _pinned[key] = (sum.Count + 1, sum.Bytes + size);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int GenerationOf(ulong address)
    {
        if (address - _rangeStart >= _rangeEnd - _rangeStart)
        {
            (_rangeStart, _rangeEnd, _rangeGeneration) = ranges.Find(address);
        }
        return _rangeGeneration;
    }
}

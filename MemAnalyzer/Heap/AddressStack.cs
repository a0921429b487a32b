namespace MemAnalyzer.Heap;

/// <summary>The mark phase's work list: a growable array, no allocation per object.</summary>
internal sealed class AddressStack
{
    private ulong[] _items = new ulong[4096];
    private int _count;
    private int _peak;

    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    public void Push(ulong address)
    {
        if (_count == _items.Length)
        {
            Array.Resize(ref _items, _items.Length * 2);
        }
        _items[_count++] = address;
        if (_count > _peak)
        {
            _peak = _count;
        }
    }

    public int Count => _count;

    /// <summary>The most addresses it held at once.</summary>
    public int PeakCount => _peak;

    /// <summary>The bytes its array takes (it never shrinks, so this is also its peak).</summary>
    public long Bytes => _items.LongLength * sizeof(ulong);

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

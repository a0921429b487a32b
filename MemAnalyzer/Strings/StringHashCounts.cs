namespace MemAnalyzer.Strings;

/// <summary>
/// The first pass of -dstrings: for each 64-bit content hash, whether it was seen once or more than once. One ulong
/// per slot (open addressing, linear probing, grown at three quarters full): the hash in the upper 63 bits, "seen again"
/// in the lowest. Nothing else is kept, so its memory follows the number of distinct values, at about 11-21 bytes each.
/// Different values that share a hash only make the second pass look at them; it counts by the value itself.
/// </summary>
internal sealed class StringHashCounts
{
    /// <summary>The widest hash kept; narrower widths exist for tests that force different values into one hash.</summary>
    public const int MaxHashBits = 62;
    private const ulong Golden = 0x9E3779B97F4A7C15UL;
    private const int InitialBits = 16;
    private readonly ulong _hashMask;
    private ulong[] _slots = new ulong[1 << InitialBits];
    private int _bits = InitialBits;
    private long _used;

    /// <param name="hashBits">How many low bits of each hash are kept (1 to <see cref="MaxHashBits"/>).</param>
    public StringHashCounts(int hashBits = MaxHashBits)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(hashBits, 1);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(hashBits, MaxHashBits);
        _hashMask = (1UL << hashBits) - 1;
    }

    /// <summary>Distinct hashes seen.</summary>
    public long Distinct => _used;

    /// <summary>Distinct hashes seen more than once.</summary>
    public long Repeated { get; private set; }

    /// <summary>The table's size in bytes.</summary>
    public long Bytes => _slots.LongLength * sizeof(ulong);

    public void Add(ulong hash)
    {
        var key = Key(hash);
        ref var slot = ref _slots[SlotOf(_slots, _bits, key)];
        if (slot == 0)
        {
            slot = key;
            if (++_used > _slots.LongLength / 4 * 3)
            {
                Grow();
            }
        }
        else if ((slot & 1) == 0)
        {
            slot |= 1;
            Repeated++;
        }
    }

    /// <summary>True when <paramref name="hash"/> was added more than once.</summary>
    public bool IsRepeated(ulong hash) => (_slots[SlotOf(_slots, _bits, Key(hash))] & 1) != 0;

    /// <summary>Never 0 (an empty slot), lowest bit clear.</summary>
    private ulong Key(ulong hash) => ((hash & _hashMask) + 1) << 1;

    /// <summary>The slot that holds <paramref name="key"/>, or the empty slot where it belongs.</summary>
    private static int SlotOf(ulong[] slots, int bits, ulong key)
    {
        var mask = slots.Length - 1;
        var slot = (int)((key * Golden) >> (64 - bits));
        while (true)
        {
            var value = slots[slot];
            if (value == 0 || (value & ~1UL) == key)
            {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
    }

    private void Grow()
    {
        var bits = _bits + 1;
        var slots = new ulong[1L << bits];
        foreach (var value in _slots)
        {
            if (value != 0)
            {
                slots[SlotOf(slots, bits, value & ~1UL)] = value;
            }
        }
        _slots = slots;
        _bits = bits;
    }
}

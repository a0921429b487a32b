namespace MemAnalyzer.Strings;

/// <summary>
/// The duplicate-string count of a walk that cannot come back (-inspections' one walk): for each 64-bit content hash,
/// whether it was seen once or again, and the address and size of its first string, so that the first copy of a value
/// can be counted by its value when its second copy shows up. Open addressing, linear probing, grown at three quarters
/// full; about 27-54 bytes per distinct value (the key as in <see cref="StringHashCounts"/>, the address and the size).
/// </summary>
internal sealed class StringFirstCopies
{
    private const ulong Golden = 0x9E3779B97F4A7C15UL;
    private const int InitialBits = 16;
    private ulong[] _keys = new ulong[1 << InitialBits];
    private ulong[] _addresses = new ulong[1 << InitialBits];
    private uint[] _sizes = new uint[1 << InitialBits];
    private int _bits = InitialBits;
    private long _used;

    /// <summary>Distinct hashes seen.</summary>
    public long Distinct => _used;

    /// <summary>The tables' size in bytes.</summary>
    public long Bytes => _keys.LongLength * (sizeof(ulong) + sizeof(ulong) + sizeof(uint));

    /// <summary>
    /// Adds one string's hash. Returns true when this is the hash's second string: then <paramref name="firstAddress"/>
    /// and <paramref name="firstSize"/> are its first string's, which has yet to be counted by value.
    /// </summary>
    /// <param name="again">The hash was seen before (the second or a later string): this string is counted by value.</param>
    public bool Add(ulong hash, ulong address, long size, out bool again, out ulong firstAddress, out long firstSize)
    {
        var key = ((hash & ((1UL << StringHashCounts.MaxHashBits) - 1)) + 1) << 1;
        var slot = SlotOf(_keys, _bits, key);
        (firstAddress, firstSize) = (0, 0);
        if (_keys[slot] == 0)
        {
            _keys[slot] = key;
            _addresses[slot] = address;
            _sizes[slot] = (uint)size;
            again = false;
            if (++_used > _keys.LongLength / 4 * 3)
            {
                Grow();
            }
            return false;
        }
        again = true;
        if ((_keys[slot] & 1) != 0)
        {
            return false;
        }
        _keys[slot] |= 1;
        (firstAddress, firstSize) = (_addresses[slot], _sizes[slot]);
        return true;
    }

    private static int SlotOf(ulong[] keys, int bits, ulong key)
    {
        var mask = keys.Length - 1;
        var slot = (int)((key * Golden) >> (64 - bits));
        while (true)
        {
            var value = keys[slot];
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
        var (keys, addresses, sizes) = (new ulong[1L << bits], new ulong[1L << bits], new uint[1L << bits]);
        for (var i = 0; i < _keys.Length; i++)
        {
            if (_keys[i] != 0)
            {
                var slot = SlotOf(keys, bits, _keys[i] & ~1UL);
                (keys[slot], addresses[slot], sizes[slot]) = (_keys[i], _addresses[i], _sizes[i]);
            }
        }
        (_keys, _addresses, _sizes, _bits) = (keys, addresses, sizes, bits);
    }
}

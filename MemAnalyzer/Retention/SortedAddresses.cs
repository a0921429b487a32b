namespace MemAnalyzer.Retention;

/// <summary>Object addresses kept as a strictly ascending array: 8 bytes per object, lookups by binary search.</summary>
public sealed class SortedAddresses : ObjectAddresses
{
    private readonly ulong[] _addresses;

    public SortedAddresses(ulong[] addresses)
    {
        for (var i = 1; i < addresses.Length; i++)
        {
            if (addresses[i] <= addresses[i - 1])
            {
                throw new ArgumentException($"addresses must be strictly ascending (object {i})");
            }
        }
        _addresses = addresses;
    }

    public override int Count => _addresses.Length;

    public override ulong this[int obj] => _addresses[obj];

    public override void CopyTo(int first, Span<ulong> into) => _addresses.AsSpan(first, into.Length).CopyTo(into);

    public override long MemoryBytes => 8L * _addresses.Length;

    public override int IndexOf(ulong address)
    {
        var index = Array.BinarySearch(_addresses, address);
        return index >= 0 ? index : -1;
    }
}

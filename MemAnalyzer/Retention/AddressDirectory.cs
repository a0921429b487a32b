namespace MemAnalyzer.Retention;

/// <summary>
/// Finds the object number of an address among sorted addresses: a directory over the address span (at most one
/// bucket per four objects) narrows each lookup to the few objects of one bucket before a binary search.
/// </summary>
internal sealed class AddressDirectory
{
    private readonly ulong[] _addresses;
    private readonly int _count;
    private readonly int[] _bucketFirst;
    private readonly int _shift;
    private readonly ulong _low;
    private readonly ulong _high;

    public AddressDirectory(ulong[] addresses, int count)
    {
        _addresses = addresses;
        _count = count;
        if (count == 0)
        {
            _bucketFirst = [0, 0];
            return;
        }
        _low = addresses[0];
        _high = addresses[count - 1];
        var maxBuckets = Math.Max(1024UL, (ulong)count / 4);
        while (((_high - _low) >> _shift) >= maxBuckets)
        {
            _shift++;
        }
        var buckets = (int)((_high - _low) >> _shift) + 1;
        _bucketFirst = new int[buckets + 1];
        var index = 0;
        for (var bucket = 0; bucket <= buckets; bucket++)
        {
            var start = bucket == buckets ? ulong.MaxValue : _low + ((ulong)bucket << _shift);
            while (index < count && addresses[index] < start)
            {
                index++;
            }
            _bucketFirst[bucket] = bucket == buckets ? count : index;
        }
    }

    /// <summary>The number of the object starting exactly at the address, or -1.</summary>
    public int Find(ulong address)
    {
        if (_count == 0 || address < _low || address > _high)
        {
            return -1;
        }
        var bucket = (int)((address - _low) >> _shift);
        int low = _bucketFirst[bucket], high = _bucketFirst[bucket + 1] - 1;
        while (low <= high)
        {
            var middle = (low + high) >>> 1;
            var value = _addresses[middle];
            if (value == address)
            {
                return middle;
            }
            if (value < address)
            {
                low = middle + 1;
            }
            else
            {
                high = middle - 1;
            }
        }
        return -1;
    }
}

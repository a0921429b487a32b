namespace MemAnalyzer.Heap;

/// <summary>Binary search in an ascending array of addresses.</summary>
internal static class SortedAddressSearch
{
    /// <summary>The first index whose address is at least <paramref name="value"/>; the array's length when none is.</summary>
    public static int LowerBound(ulong[] sorted, ulong value)
    {
        int low = 0, high = sorted.Length;
        while (low < high)
        {
            var middle = (low + high) >>> 1;
            if (sorted[middle] < value)
            {
                low = middle + 1;
            }
            else
            {
                high = middle;
            }
        }
        return low;
    }
}

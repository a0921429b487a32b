using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// One bit per 8-byte slot of every GC segment: the mark set of a reachability walk.
/// Costs heap bytes / 64 of memory, with no per-object allocation (a hash set costs 20-40 bytes per object).
/// </summary>
public sealed class ObjectBitmap
{
    private readonly ulong[] _starts;
    private readonly ulong[] _ends;
    private readonly ulong[][] _bits;

    public ObjectBitmap(IReadOnlyList<ClrSegment> segments)
    {
        var ordered = segments.Where(s => s.ObjectRange.Length > 0).OrderBy(s => s.ObjectRange.Start).ToArray();
        _starts = new ulong[ordered.Length];
        _ends = new ulong[ordered.Length];
        _bits = new ulong[ordered.Length][];
        for (var i = 0; i < ordered.Length; i++)
        {
            _starts[i] = ordered[i].ObjectRange.Start;
            _ends[i] = ordered[i].ObjectRange.End;
            var slots = (ordered[i].ObjectRange.Length + 7) / 8;
            _bits[i] = new ulong[(slots + 63) / 64];
        }
    }

    /// <summary>Marks the object; true if it lies on the heap and was not marked before.</summary>
    public bool TryMark(ulong address)
    {
        var segment = FindSegment(address);
        if (segment < 0)
        {
            return false;
        }
        var slot = (address - _starts[segment]) >> 3;
        ref var word = ref _bits[segment][slot >> 6];
        var mask = 1UL << (int)(slot & 63);
        if ((word & mask) != 0)
        {
            return false;
        }
        word |= mask;
        return true;
    }

    public bool IsMarked(ulong address)
    {
        var segment = FindSegment(address);
        if (segment < 0)
        {
            return false;
        }
        var slot = (address - _starts[segment]) >> 3;
        return (_bits[segment][slot >> 6] & (1UL << (int)(slot & 63))) != 0;
    }

    private int FindSegment(ulong address)
    {
        int low = 0, high = _starts.Length - 1;
        while (low <= high)
        {
            var middle = (low + high) >>> 1;
            if (address < _starts[middle])
            {
                high = middle - 1;
            }
            else if (address >= _ends[middle])
            {
                low = middle + 1;
            }
            else
            {
                return middle;
            }
        }
        return -1;
    }
}

using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>One object of the undamaged dump, as ClrMD's own walk sees it.</summary>
public sealed record OracleObject(ulong Address, ulong Size, string Type, bool IsFree, bool HasLength, ulong SegmentEnd, bool Frozen);

/// <summary>
/// What a walk of a damaged copy must report, computed from ClrMD's walk of the undamaged dump and the damaged byte
/// ranges alone: a damaged place starts at the first object the damage reaches and ends at the first object that starts
/// at or after the damage's end (or the segment's end); the objects starting in between are lost, all others counted.
/// Shares no code with the product.
/// </summary>
public sealed class DamageOracle
{
    private DamageOracle(List<OracleObject> objects, long segmentBytes)
    {
        Objects = objects;
        SegmentBytes = segmentBytes;
    }

    /// <summary>Every object and free block, by address.</summary>
    public List<OracleObject> Objects { get; }

    public long SegmentBytes { get; }

    public static DamageOracle Of(string dumpPath)
    {
        using var dump = LocalDump.Open(dumpPath);
        var objects = new List<OracleObject>();
        foreach (var segment in dump.Runtime.Heap.Segments)
        {
            foreach (var obj in segment.EnumerateObjects())
            {
                if (obj.IsValid && obj.Type is not null)
                {
                    objects.Add(new OracleObject(obj.Address, obj.Size, obj.Type.Name ?? $"<unknown type, MethodTable 0x{obj.Type.MethodTable:x}>",
                        obj.IsFree, obj.Type.ComponentSize != 0, segment.ObjectRange.End, segment.Kind == GCSegmentKind.Frozen));
                }
            }
        }
        objects.Sort((a, b) => a.Address.CompareTo(b.Address));
        return new DamageOracle(objects, dump.Runtime.Heap.Segments.Sum(s => (long)s.ObjectRange.Length));
    }

    /// <summary>The lost range of a damaged place whose first lost object is <paramref name="firstLost"/> and whose damaged bytes end at <paramref name="damageEnd"/>.</summary>
    public (ulong Start, ulong End) LostRange(OracleObject firstLost, ulong damageEnd)
    {
        var next = Objects.FirstOrDefault(o => o.Address >= damageEnd && o.Address < firstLost.SegmentEnd);
        return (firstLost.Address, next?.Address ?? firstLost.SegmentEnd);
    }

    /// <summary>The first object whose address is at or after <paramref name="address"/>.</summary>
    public OracleObject FirstAtOrAfter(ulong address) => Objects.First(o => o.Address >= address);

    /// <summary>The object that holds <paramref name="address"/>, if one starts before it and reaches past it.</summary>
    public OracleObject? Holding(ulong address) => Objects.LastOrDefault(o => o.Address < address && address < o.Address + o.Size);

    /// <summary>Per type name, count and bytes of the objects (not free blocks) outside the lost ranges.</summary>
    public Dictionary<string, (long Count, long Bytes)> CountsOutside(IReadOnlyCollection<(ulong Start, ulong End)> lost)
    {
        var result = new Dictionary<string, (long Count, long Bytes)>(StringComparer.Ordinal);
        foreach (var obj in Objects.Where(o => !o.IsFree && !lost.Any(r => r.Start <= o.Address && o.Address < r.End)))
        {
            var (count, bytes) = result.GetValueOrDefault(obj.Type);
            result[obj.Type] = (count + 1, bytes + (long)obj.Size);
        }
        return result;
    }

    /// <summary>Free blocks outside the lost ranges: count and bytes.</summary>
    public (long Count, long Bytes) FreeOutside(IReadOnlyCollection<(ulong Start, ulong End)> lost)
    {
        var free = Objects.Where(o => o.IsFree && !lost.Any(r => r.Start <= o.Address && o.Address < r.End)).ToList();
        return (free.Count, free.Sum(o => (long)o.Size));
    }
}

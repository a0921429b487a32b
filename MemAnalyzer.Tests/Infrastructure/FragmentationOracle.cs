using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// -fragmentation by ClrMD alone (no code shared with MemAnalyzer): each segment's objects in ClrMD's order, the
/// generation of each free block by ClrSegment.GetGeneration, the pinned-handle targets and the objects of pinned
/// segments right before or after a free block (each once), and the largest free blocks with the type of the object at their end.
/// </summary>
public sealed record FragmentationOracle(
    IReadOnlyDictionary<string, (long Count, long Bytes)> FreeByGeneration,
    IReadOnlyDictionary<string, (long Count, long Bytes)> PinnedHandleNeighboursByType,
    IReadOnlyDictionary<string, (long Count, long Bytes)> PohNeighboursByType,
    IReadOnlyList<(ulong Address, long Size, string NextType)> Largest)
{
    public static FragmentationOracle Compute(string dumpPath, int largest)
    {
        using var dump = LocalDump.Open(dumpPath);
        var heap = dump.Runtime.Heap;
        var pinned = dump.Runtime.EnumerateHandles().Where(h => h.HandleKind == ClrHandleKind.Pinned && h.Object.Address != 0).Select(h => h.Object.Address).ToHashSet();
        var free = new Dictionary<string, (long Count, long Bytes)>(StringComparer.Ordinal);
        var neighbours = new Dictionary<string, (long Count, long Bytes)>(StringComparer.Ordinal);
        var poh = new Dictionary<string, (long Count, long Bytes)>(StringComparer.Ordinal);
        var counted = new HashSet<ulong>();
        var blocks = new List<(ulong Address, long Size, string NextType)>();
        void Count(ClrObject obj, ClrSegment segment)
        {
            var into = pinned.Contains(obj.Address) ? neighbours : segment.Kind == GCSegmentKind.Pinned ? poh : null;
            if (into is not null && counted.Add(obj.Address))
            {
                var name = obj.Type?.Name ?? "";
                var (count, bytes) = into.GetValueOrDefault(name);
                into[name] = (count + 1, bytes + (long)obj.Size);
            }
        }
        foreach (var segment in heap.Segments)
        {
            ClrObject previous = default;
            (ulong Address, long Size)? block = null;
            foreach (var obj in segment.EnumerateObjects())
            {
                var end = obj.Address;
                if (block is { } open)
                {
                    var next = open.Address + (((ulong)open.Size + 7) & ~7UL) == end && !obj.IsFree ? obj.Type?.Name ?? "" : "";
                    blocks.Add((open.Address, open.Size, next));
                    if (next.Length > 0)
                    {
                        Count(obj, segment);
                    }
                    block = null;
                }
                if (obj.IsFree)
                {
                    var generation = Name(segment.GetGeneration(obj.Address));
                    var (count, bytes) = free.GetValueOrDefault(generation);
                    free[generation] = (count + 1, bytes + (long)obj.Size);
                    if (previous.IsValid && !previous.IsFree && previous.Address + ((previous.Size + 7) & ~7UL) == obj.Address)
                    {
                        Count(previous, segment);
                    }
                    block = (obj.Address, (long)obj.Size);
                }
                previous = obj;
            }
            if (block is { } last)
            {
                blocks.Add((last.Address, last.Size, ""));
            }
        }
        return new FragmentationOracle(free, neighbours, poh, [.. blocks.OrderByDescending(b => b.Size).ThenBy(b => b.Address).Take(largest)]);
    }

    private static string Name(Generation generation) => generation switch
    {
        Generation.Generation0 => "gen0",
        Generation.Generation1 => "gen1",
        Generation.Generation2 => "gen2",
        Generation.Large => "loh",
        Generation.Pinned => "poh",
        Generation.Frozen => "frozen",
        _ => "unknown",
    };
}

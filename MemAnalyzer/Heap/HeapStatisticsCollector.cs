using System.Runtime.InteropServices;
using MemAnalyzer.Analysis;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// Walks the managed heap once and reduces it to a per-type table. Objects are aggregated per MethodTable
/// (no per-object allocation), names are resolved once per MethodTable, and rows with the same name are merged
/// (a generic type loaded in several AssemblyLoadContexts has several MethodTables).
/// </summary>
public static class HeapStatisticsCollector
{
    public static HeapSnapshot Collect(ClrHeap heap, ObjectSelection selection, CancellationToken cancellation)
    {
        var warnings = new List<string>();
        if (!heap.CanWalkHeap)
        {
            warnings.Add("the heap was not in a walkable state (the target was stopped during a garbage collection): counts may be incomplete or wrong; take the dump again");
        }

        var live = selection == ObjectSelection.All ? null : LiveObjectMarker.Mark(heap, cancellation);
        var perMethodTable = new Dictionary<ulong, Accumulator>();
        var types = new Dictionary<ulong, ClrType>();
        long freeCount = 0, freeBytes = 0, segmentBytes = 0, unreadable = 0, visited = 0;

        foreach (var segment in heap.Segments)
        {
            cancellation.ThrowIfCancellationRequested();
            segmentBytes += (long)segment.ObjectRange.Length;
            foreach (var obj in segment.EnumerateObjects(carefully: false))
            {
                if ((++visited & 0xFFFF) == 0)
                {
                    cancellation.ThrowIfCancellationRequested();
                }
                var type = obj.Type;
                if (type is null)
                {
                    unreadable++;
                    continue;
                }
                var size = (long)obj.Size;
                if (type.IsFree)
                {
                    freeCount++;
                    freeBytes += size;
                    continue;
                }
                if (live is not null && live.IsMarked(obj.Address) != (selection == ObjectSelection.Live))
                {
                    continue;
                }
                ref var accumulator = ref CollectionsMarshal.GetValueRefOrAddDefault(perMethodTable, type.MethodTable, out var existed);
                if (!existed)
                {
                    types[type.MethodTable] = type;
                }
                accumulator.Count++;
                accumulator.Bytes += size;
            }
        }

        if (unreadable > 0)
        {
            warnings.Add($"{unreadable:N0} objects had an unreadable type and were skipped: the dump may be damaged");
        }

        var rows = perMethodTable
            .GroupBy(pair => types[pair.Key].Name ?? $"<unknown type, MethodTable 0x{pair.Key:x}>", StringComparer.Ordinal)
            .Select(g => new TypeStatistics(g.Key, g.Sum(p => p.Value.Count), g.Sum(p => p.Value.Bytes)))
            .ToList();
        return new HeapSnapshot(rows, freeCount, freeBytes, segmentBytes, selection, warnings);
    }

    private struct Accumulator
    {
        public long Count;
        public long Bytes;
    }
}

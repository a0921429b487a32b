using System.Runtime.InteropServices;
using MemAnalyzer.Analysis;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>ClrMD's per-object walk of one segment: the reference path, used where the raw scan gives up.</summary>
internal sealed class ClrMdSegmentWalk
{
    private readonly Dictionary<ulong, Accumulator> _perMethodTable = new();
    private readonly Dictionary<ulong, ClrType> _types = new();

    public long FreeCount { get; private set; }

    public long FreeBytes { get; private set; }

    public long Unreadable { get; private set; }

    /// <summary>Objects of the selection counted so far (free blocks and skipped objects not included), and their bytes.</summary>
    public long Objects { get; private set; }

    public long ObjectBytes { get; private set; }

    public IEnumerable<(ClrType Type, Accumulator Accumulator)> PerType => _perMethodTable.Select(p => (_types[p.Key], p.Value));

    public long Walk(ClrSegment segment, ObjectBitmap? live, ObjectSelection selection, CancellationToken cancellation)
    {
        long visited = 0;
        foreach (var obj in segment.EnumerateObjects(carefully: false))
        {
            if ((++visited & 0xFFFF) == 0)
            {
                cancellation.ThrowIfCancellationRequested();
            }
            var type = obj.Type;
            if (type is null)
            {
                Unreadable++;
                continue;
            }
            var size = (long)obj.Size;
            if (type.IsFree)
            {
                FreeCount++;
                FreeBytes += size;
                continue;
            }
            if (live is not null && live.IsMarked(obj.Address) != (selection == ObjectSelection.Live))
            {
                continue;
            }
            ref var accumulator = ref CollectionsMarshal.GetValueRefOrAddDefault(_perMethodTable, type.MethodTable, out var existed);
            if (!existed)
            {
                _types[type.MethodTable] = type;
            }
            accumulator.Count++;
            accumulator.Bytes += size;
            Objects++;
            ObjectBytes += size;
        }
        return visited;
    }

    public struct Accumulator
    {
        public long Count;
        public long Bytes;
    }
}

using MemAnalyzer.Analysis;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>ClrMD's per-object walk of one segment: the reference path, used where the raw scan gives up.</summary>
internal static class ClrMdSegmentWalk
{
    /// <summary>
    /// Hands every object of the selection in the segment to <paramref name="visitor"/> (with no bytes at hand: the
    /// visitor reads what it needs); free blocks and objects of no known type go to <paramref name="counts"/>. Call it
    /// under the table's ClrMD lock.
    /// </summary>
    /// <param name="window">The addresses whose objects and free blocks count (-gen); the whole segment without it.</param>
    public static void Walk<TVisitor>(ClrSegment segment, (ulong Start, ulong End) window, MethodTableInfoTable table, ObjectBitmap? live, ObjectSelection selection, SegmentCounts counts,
        ref TVisitor visitor, CancellationToken cancellation)
        where TVisitor : struct, IScanVisitor<TVisitor>
    {
        long visited = 0;
        foreach (var obj in segment.EnumerateObjects(carefully: false))
        {
            if ((++visited & 0xFFFF) == 0)
            {
                cancellation.ThrowIfCancellationRequested();
            }
            if (obj.Address < window.Start || obj.Address >= window.End)
            {
                continue;
            }
            var type = obj.Type;
            if (type is null)
            {
                counts.UnknownTypes++;
                continue;
            }
            if (type.IsFree)
            {
                counts.FreeCount++;
                counts.FreeBytes += (long)obj.Size;
                if (TVisitor.SeesFreeBlocks)
                {
                    visitor.VisitFree(obj.Address, (long)obj.Size);
                }
                continue;
            }
            if (live is not null && live.IsMarked(obj.Address) != (selection == ObjectSelection.Live))
            {
                continue;
            }
            var index = table.Find(type.MethodTable);
            if (index < 0)
            {
                counts.UnknownTypes++;
                continue;
            }
            visitor.Visit(obj.Address, index, table.Entries[index].Flags, (long)obj.Size, []);
        }
        counts.Objects += visited;
    }
}

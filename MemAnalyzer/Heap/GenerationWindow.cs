using MemAnalyzer.Analysis;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// The part of a segment's objects that belongs to a generation, by ClrMD's rule (ClrSegment.GetGeneration, what SOS
/// <c>dumpheap -gen</c> uses): a region, a large, pinned or frozen segment is all of one generation; the ephemeral
/// segment of the segments GC holds gen2, gen1 and gen0 one after the other, each its own address range.
/// </summary>
internal static class GenerationWindow
{
    /// <summary>The addresses [Start, End) of <paramref name="segment"/>'s objects in <paramref name="generation"/> (the whole object range for null); empty when none are.</summary>
    public static (ulong Start, ulong End) Of(ClrSegment segment, HeapGeneration? generation)
    {
        var range = segment.ObjectRange;
        if (generation is not HeapGeneration wanted)
        {
            return (range.Start, range.End);
        }
        if (segment.Kind == GCSegmentKind.Ephemeral)
        {
            var part = wanted switch
            {
                HeapGeneration.Gen0 => segment.Generation0,
                HeapGeneration.Gen1 => segment.Generation1,
                HeapGeneration.Gen2 => segment.Generation2,
                _ => default,
            };
            var start = Math.Max(part.Start, range.Start);
            var end = Math.Min(part.End, range.End);
            return end > start ? (start, end) : (range.Start, range.Start);
        }
        return Of(segment.Kind) == wanted ? (range.Start, range.End) : (range.Start, range.Start);
    }

    /// <summary>Whether the object at <paramref name="address"/> lies in <paramref name="generation"/> (always for null).</summary>
    public static bool Contains(ClrHeap heap, ulong address, HeapGeneration? generation)
    {
        if (generation is null)
        {
            return true;
        }
        if (heap.GetSegmentByAddress(address) is not { } segment)
        {
            return false;
        }
        var (start, end) = Of(segment, generation);
        return address >= start && address < end;
    }

    /// <summary>The generation of a segment that is all of one generation; null for the ephemeral segment.</summary>
    public static HeapGeneration? Of(GCSegmentKind kind) => kind switch
    {
        GCSegmentKind.Generation0 => HeapGeneration.Gen0,
        GCSegmentKind.Generation1 => HeapGeneration.Gen1,
        GCSegmentKind.Generation2 => HeapGeneration.Gen2,
        GCSegmentKind.Large => HeapGeneration.Loh,
        GCSegmentKind.Pinned => HeapGeneration.Poh,
        GCSegmentKind.Frozen => HeapGeneration.Frozen,
        _ => null,
    };
}

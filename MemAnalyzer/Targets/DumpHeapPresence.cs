using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Targets;

/// <summary>
/// A mini (createdump --normal) or triage dump holds the runtime's data structures but not the GC heap's memory:
/// ClrMD then lists segments whose objects cannot be read, and every count would silently be zero. This decides it
/// from the dump itself: no GC segment's memory is among the core's PT_LOAD ranges.
/// </summary>
internal static class DumpHeapPresence
{
    public const string Message = "the dump holds no managed heap (a mini or triage dump): take a heap or full dump with MemAnalyzer -procdump -mp, or createdump --withheap";

    /// <summary>Throws <see cref="ExitCodes.DumpHasNoHeap"/> when none of the heap's (non-frozen) segments can be read from the core file.</summary>
    public static void Ensure(string path, ClrRuntime runtime)
    {
        using var file = DumpFileMemory.TryOpen(path);
        if (file is null)
        {
            // Not an ELF core with PT_LOAD ranges we can read: nothing to decide from; the walk reports what it finds.
            return;
        }
        ClrSegment[] segments;
        try
        {
            segments = [.. runtime.Heap.Segments.Where(s => s.Kind != GCSegmentKind.Frozen && s.ObjectRange.Length > 0)];
        }
        catch (Exception e) when (e is ClrDiagnosticsException or InvalidOperationException or IOException)
        {
            segments = [];
        }
        Span<byte> word = stackalloc byte[8];
        foreach (var segment in segments)
        {
            if (file.Read(segment.ObjectRange.Start, word) == word.Length)
            {
                return;
            }
        }
        throw new MemAnalyzerException(ExitCodes.DumpHasNoHeap, Message);
    }
}

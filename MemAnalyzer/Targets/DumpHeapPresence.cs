using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Targets;

/// <summary>
/// A mini (createdump --normal) or triage dump holds the runtime's data structures but not the GC heap's memory:
/// ClrMD then lists segments whose objects cannot be read, and every count would silently be zero. This decides it
/// from the dump itself: most of the GC segments' memory is not among the core's PT_LOAD ranges.
/// </summary>
internal static class DumpHeapPresence
{
    public const string Message = "the dump holds no managed heap (a mini or triage dump): take a heap or full dump with MemAnalyzer -procdump -mp, or createdump --withheap";

    /// <summary>Throws <see cref="ExitCodes.DumpHasNoHeap"/> when less than half of the bytes of the heap's (non-frozen) segments are in the core file.</summary>
    /// <param name="file">The core file the session opened, or null when it is not an ELF core with PT_LOAD ranges.</param>
    public static void Ensure(DumpFileMemory? file, ClrRuntime runtime)
    {
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
        // A mini dump still carries a few heap pages (thread objects); a heap dump carries (nearly) all of them.
        var total = segments.Sum(s => (long)s.ObjectRange.Length);
        var present = segments.Sum(s => file.BytesPresent(s.ObjectRange.Start, s.ObjectRange.End));
        if (total > 0 && present * 2 >= total)
        {
            return;
        }
        throw new MemAnalyzerException(ExitCodes.DumpHasNoHeap, Message);
    }
}

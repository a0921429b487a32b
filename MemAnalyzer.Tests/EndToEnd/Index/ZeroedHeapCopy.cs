using MemAnalyzer.Tests.Infrastructure;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Tests.EndToEnd.Index;

/// <summary>
/// Turns a copy of a dump into one whose GC heap is zeros but whose fingerprint the index still takes for the copy's
/// (Index/DumpFingerprint.cs: the length, the last write time, and a hash of the first and last MiB and of 16 blocks
/// of 64 KiB at length / 17 × i): every object range of the non-frozen segments (found by ClrMD alone) is zeroed,
/// then the sampled blocks get their bytes back from the original and the write time is set back. Were the
/// fingerprint to change, the index would be dropped as made of an earlier file, and the run would walk the zeros.
/// </summary>
public static class ZeroedHeapCopy
{
    private const int EndBytes = 1 << 20;
    private const int SampleBytes = 1 << 16;
    private const int Samples = 16;

    /// <summary>Zeroes the heap of <paramref name="copy"/> (a byte-for-byte copy of <paramref name="original"/>); returns the bytes zeroed.</summary>
    public static long ZeroHeap(string copy, string original)
    {
        var writeTime = File.GetLastWriteTimeUtc(copy);
        List<(ulong Start, ulong End)> ranges;
        using (var dump = LocalDump.Open(original))
        {
            ranges = [.. dump.Runtime.Heap.Segments.Where(s => s.Kind != GCSegmentKind.Frozen).Select(s => (s.ObjectRange.Start, s.ObjectRange.End))];
        }
        var zeroed = ranges.Sum(r => DumpPatcher.ZeroWhereDumped(copy, r.Start, r.End));
        var length = new FileInfo(copy).Length;
        using (var from = File.OpenRead(original))
        using (var to = File.Open(copy, FileMode.Open, FileAccess.Write))
        {
            PutBack(from, to, 0, EndBytes);
            for (var i = 1; i <= Samples; i++)
            {
                PutBack(from, to, length / (Samples + 1) * i, SampleBytes);
            }
            PutBack(from, to, Math.Max(0, length - EndBytes), EndBytes);
        }
        File.SetLastWriteTimeUtc(copy, writeTime);
        return zeroed;
    }

    private static void PutBack(FileStream from, FileStream to, long offset, int count)
    {
        var buffer = new byte[count];
        from.Position = offset;
        var read = from.ReadAtLeast(buffer, count, throwOnEndOfStream: false);
        to.Position = offset;
        to.Write(buffer, 0, read);
    }
}

using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// The target's memory as the raw heap walk reads it, in large blocks. A core dump is read straight from its file with
/// positioned reads (not mapped, so the heap's pages never count against MemAnalyzer's own resident memory); a live
/// process is read through ClrMD's data reader.
/// </summary>
internal abstract class HeapScannerMemory : IDisposable
{
    /// <summary>Copies target memory at <paramref name="address"/>; returns how many bytes could be read (less at a gap).</summary>
    public abstract int Read(ulong address, Span<byte> destination);

    /// <summary>True when <see cref="Read"/> may be called from several threads at once.</summary>
    public abstract bool IsThreadSafe { get; }

    public abstract string Description { get; }

    /// <summary>
    /// Where target memory is present again at or after <paramref name="address"/> when this view knows its gaps (a
    /// core's PT_LOAD ranges: memory left out of the dump), ulong.MaxValue when nothing follows; null when it cannot
    /// tell (the walk then hands the segment to ClrMD).
    /// </summary>
    public virtual ulong? NextPresent(ulong address) => null;

    public virtual void Dispose()
    {
    }

    public static HeapScannerMemory Open(ClrHeap heap)
    {
        var reader = heap.Runtime.DataTarget.DataReader;
        var fallback = new DataReaderMemory(reader);
        var dump = DumpFileMemory.TryOpen(reader.DisplayName);
        if (dump is null)
        {
            return fallback;
        }
        // Trust the file only if it returns exactly what ClrMD's reader returns for the start of every segment.
        Span<byte> fromFile = stackalloc byte[256];
        Span<byte> fromReader = stackalloc byte[256];
        foreach (var segment in heap.Segments.Where(s => s.ObjectRange.Length > 0).Take(64))
        {
            var length = (int)Math.Min(256UL, segment.ObjectRange.Length);
            var a = dump.Read(segment.ObjectRange.Start, fromFile[..length]);
            var b = fallback.Read(segment.ObjectRange.Start, fromReader[..length]);
            if (a != b || !fromFile[..a].SequenceEqual(fromReader[..b]))
            {
                dump.Dispose();
                return fallback;
            }
        }
        return dump;
    }

    private sealed class DataReaderMemory(IDataReader reader) : HeapScannerMemory
    {
        public override bool IsThreadSafe => reader.IsThreadSafe;

        public override string Description => "ClrMD's data reader";

        public override int Read(ulong address, Span<byte> destination) => reader.Read(address, destination);
    }
}

using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// The target's memory as the walks read it, in large blocks. A core dump is read straight from its file with
/// positioned reads (not mapped, so the heap's pages never count against MemAnalyzer's own resident memory); a live
/// process is read through ClrMD's data reader.
/// </summary>
internal abstract class TargetMemory : IDisposable
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

    /// <summary>
    /// The memory of an opened target: <paramref name="dumpFile"/> (the core the target was opened from, read
    /// directly) when it returns exactly what ClrMD's reader returns for the start of every segment, else ClrMD's
    /// reader. Takes ownership of <paramref name="dumpFile"/>: it is disposed when not used.
    /// </summary>
    public static TargetMemory Of(ClrHeap heap, DumpFileMemory? dumpFile)
    {
        var fallback = new DataReaderMemory(heap.Runtime.DataTarget.DataReader);
        if (dumpFile is null)
        {
            return fallback;
        }
        Span<byte> fromFile = stackalloc byte[256];
        Span<byte> fromReader = stackalloc byte[256];
        foreach (var segment in heap.Segments.Where(s => s.ObjectRange.Length > 0).Take(64))
        {
            var length = (int)Math.Min(256UL, segment.ObjectRange.Length);
            var a = dumpFile.Read(segment.ObjectRange.Start, fromFile[..length]);
            var b = fallback.Read(segment.ObjectRange.Start, fromReader[..length]);
            if (a != b || !fromFile[..a].SequenceEqual(fromReader[..b]))
            {
                dumpFile.Dispose();
                return fallback;
            }
        }
        return dumpFile;
    }

    private sealed class DataReaderMemory(IDataReader reader) : TargetMemory
    {
        public override bool IsThreadSafe => reader.IsThreadSafe;

        public override string Description => "ClrMD's data reader";

        public override int Read(ulong address, Span<byte> destination) => reader.Read(address, destination);
    }
}

using MemAnalyzer.Linux;
using Microsoft.Diagnostics.Runtime;
using Microsoft.Win32.SafeHandles;

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

    /// <summary>An ELF core file: PT_LOAD program headers map virtual addresses to file offsets.</summary>
    private sealed class DumpFileMemory : HeapScannerMemory
    {
        private readonly SafeFileHandle _file;
        private readonly ulong[] _addresses;
        private readonly ulong[] _sizes;
        private readonly long[] _offsets;

        private DumpFileMemory(SafeFileHandle file, List<ElfProgramHeader> loads)
        {
            _file = file;
            _addresses = loads.Select(l => l.VirtualAddress).ToArray();
            _sizes = loads.Select(l => l.FileSize).ToArray();
            _offsets = loads.Select(l => (long)l.Offset).ToArray();
        }

        public override bool IsThreadSafe => true;

        public override string Description => "the dump file";

        public static DumpFileMemory? TryOpen(string? path)
        {
            if (string.IsNullOrEmpty(path) || !File.Exists(path))
            {
                return null;
            }
            try
            {
                ElfImage? image;
                using (var stream = File.OpenRead(path))
                {
                    image = ElfImage.TryRead(stream, out _);
                }
                if (image is null || !image.IsCore)
                {
                    return null;
                }
                var loads = image.ProgramHeaders
                    .Where(h => h.Type == ElfImage.ProgramHeaderLoad && h.FileSize > 0 && h.Offset + h.FileSize <= (ulong)image.FileLength)
                    .OrderBy(h => h.VirtualAddress)
                    .ToList();
                return loads.Count == 0 ? null : new DumpFileMemory(File.OpenHandle(path, FileMode.Open, FileAccess.Read, FileShare.Read | FileShare.Delete), loads);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                return null;
            }
        }

        public override int Read(ulong address, Span<byte> destination)
        {
            var done = 0;
            while (done < destination.Length)
            {
                var current = address + (ulong)done;
                var index = Find(current);
                if (index < 0)
                {
                    break;
                }
                var available = _addresses[index] + _sizes[index] - current;
                var length = (int)Math.Min((ulong)(destination.Length - done), available);
                var read = RandomAccess.Read(_file, destination.Slice(done, length), _offsets[index] + (long)(current - _addresses[index]));
                done += read;
                if (read < length)
                {
                    break;
                }
            }
            return done;
        }

        private int Find(ulong address)
        {
            int low = 0, high = _addresses.Length - 1;
            while (low <= high)
            {
                var middle = (low + high) >>> 1;
                if (address < _addresses[middle])
                {
                    high = middle - 1;
                }
                else if (address - _addresses[middle] >= _sizes[middle])
                {
                    low = middle + 1;
                }
                else
                {
                    return middle;
                }
            }
            return -1;
        }

        public override void Dispose() => _file.Dispose();
    }
}

/// <summary>
/// A bounded cache of 64 KiB blocks of target memory for the mark phase's random reads: one positioned read or
/// process_vm_readv per block instead of one per object, and a fixed memory cost whatever the heap's size.
/// </summary>
internal sealed class HeapBlockCache
{
    private const int BlockShift = 16;
    private const int BlockSize = 1 << BlockShift;
    private readonly HeapScannerMemory _memory;
    private readonly ulong[] _tags;
    private readonly int[] _lengths;
    private readonly byte[][] _blocks;
    private readonly int _mask;

    public HeapBlockCache(HeapScannerMemory memory, int blockCount = 1024)
    {
        _memory = memory;
        _tags = new ulong[blockCount];
        Array.Fill(_tags, ulong.MaxValue);
        _lengths = new int[blockCount];
        _blocks = new byte[blockCount][];
        _mask = blockCount - 1;
    }

    /// <summary>The cached block holding [address, address+length) and the offset of address in it; valid until the next call.</summary>
    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    public bool TryGetBlock(ulong address, int length, out byte[] block, out int offset)
    {
        var tag = address >> BlockShift;
        offset = (int)(address & (BlockSize - 1));
        var slot = (int)(tag & (ulong)_mask);
        if (offset + length > BlockSize)
        {
            block = [];
            return false;
        }
        block = _blocks[slot] ??= new byte[BlockSize];
        if (_tags[slot] != tag)
        {
            _tags[slot] = tag;
            _lengths[slot] = _memory.Read(tag << BlockShift, block);
        }
        return offset + length <= _lengths[slot];
    }
}

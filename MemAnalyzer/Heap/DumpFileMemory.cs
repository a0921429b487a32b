using MemAnalyzer.Linux;
using Microsoft.Win32.SafeHandles;

namespace MemAnalyzer.Heap;

/// <summary>An ELF core file: PT_LOAD program headers map virtual addresses to file offsets.</summary>
internal sealed class DumpFileMemory : TargetMemory
{
    private readonly SafeFileHandle _file;
    private readonly ulong[] _addresses;
    private readonly ulong[] _sizes;
    private readonly long[] _offsets;
    private ImageOverlay _images = ImageOverlay.Empty;

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

    /// <summary>How many bytes of [<paramref name="start"/>, <paramref name="end"/>) the core's PT_LOAD ranges hold.</summary>
    public long BytesPresent(ulong start, ulong end)
    {
        long present = 0;
        for (var i = 0; i < _addresses.Length; i++)
        {
            var from = Math.Max(start, _addresses[i]);
            var to = Math.Min(end, _addresses[i] + _sizes[i]);
            if (to > from)
            {
                present += (long)(to - from);
            }
        }
        return present;
    }

    /// <summary>Serves the bytes the core lacks from <paramref name="images"/> too (owned by the caller).</summary>
    public void Serve(ImageOverlay images) => _images = images;

    /// <summary>The parts of [<paramref name="start"/>, <paramref name="end"/>) that the core's PT_LOAD ranges do not hold.</summary>
    public IEnumerable<(ulong Start, ulong End)> Gaps(ulong start, ulong end)
    {
        var from = start;
        while (from < end)
        {
            var present = NextInDump(from);
            if (present > from)
            {
                yield return (from, Math.Min(present, end));
                from = present;
                continue;
            }
            var index = Find(from);
            from = _addresses[index] + _sizes[index];
        }
    }

    public override ulong? NextPresent(ulong address) => _images.IsEmpty ? NextInDump(address) : Math.Min(NextInDump(address), _images.NextServed(address));

    private ulong NextInDump(ulong address)
    {
        // The ranges are sorted and do not overlap: the first one that ends after the address.
        int low = 0, high = _addresses.Length;
        while (low < high)
        {
            var middle = (low + high) >>> 1;
            if (_addresses[middle] + _sizes[middle] <= address)
            {
                low = middle + 1;
            }
            else
            {
                high = middle;
            }
        }
        return low == _addresses.Length ? ulong.MaxValue : Math.Max(address, _addresses[low]);
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
                var served = _images.Read(current, destination[done..]);
                if (served == 0)
                {
                    break;
                }
                done += served;
                continue;
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

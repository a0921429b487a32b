using Microsoft.Win32.SafeHandles;

namespace MemAnalyzer.Heap;

/// <summary>One range of target memory served from a local file: [Start, Start + Length) is the file from FileOffset.</summary>
public readonly record struct ServedRange(ulong Start, ulong Length, string File, ulong FileOffset);

/// <summary>
/// The memory a core dump lacks because the process mapped it from files (assemblies, native libraries), served from
/// verified local copies of those files. Every reader of a dump (the raw walk's <see cref="DumpFileMemory"/> and
/// ClrMD's data reader) asks the dump first and this only for the bytes the dump does not hold.
/// </summary>
public sealed class ImageOverlay : IDisposable
{
    private readonly ulong[] _starts;
    private readonly ulong[] _lengths;
    private readonly ulong[] _fileOffsets;
    private readonly int[] _files;
    private readonly SafeFileHandle[] _handles;
    private readonly long[] _fileLengths;

    private ImageOverlay(List<ServedRange> ranges)
    {
        ranges.Sort((a, b) => a.Start.CompareTo(b.Start));
        var paths = ranges.Select(r => r.File).Distinct(StringComparer.Ordinal).ToList();
        _handles = [.. paths.Select(p => File.OpenHandle(p, FileMode.Open, FileAccess.Read, FileShare.Read | FileShare.Delete))];
        _fileLengths = [.. _handles.Select(RandomAccess.GetLength)];
        _starts = [.. ranges.Select(r => r.Start)];
        _lengths = [.. ranges.Select(r => r.Length)];
        _fileOffsets = [.. ranges.Select(r => r.FileOffset)];
        _files = [.. ranges.Select(r => paths.IndexOf(r.File))];
    }

    public static ImageOverlay Empty { get; } = new([]);

    public bool IsEmpty => _starts.Length == 0;

    /// <summary>Opens the files of <paramref name="ranges"/> (ranges must not overlap).</summary>
    public static ImageOverlay Of(IEnumerable<ServedRange> ranges) => new([.. ranges]);

    /// <summary>
    /// Copies the served bytes at <paramref name="address"/>; returns how many are contiguous from there (0 when no
    /// served range holds the address). A mapping's bytes past the file's end read as zeros, as the process saw them.
    /// </summary>
    public int Read(ulong address, Span<byte> destination)
    {
        var index = Find(address);
        if (index < 0 || destination.IsEmpty)
        {
            return 0;
        }
        var inRange = address - _starts[index];
        var length = (int)Math.Min((ulong)destination.Length, _lengths[index] - inRange);
        var offset = (long)(_fileOffsets[index] + inRange);
        var file = _files[index];
        var read = offset >= _fileLengths[file] ? 0 : RandomAccess.Read(_handles[file], destination[..length], offset);
        destination[read..length].Clear();
        return length;
    }

    /// <summary>Where served memory starts at or after <paramref name="address"/>, ulong.MaxValue when none does.</summary>
    public ulong NextServed(ulong address)
    {
        int low = 0, high = _starts.Length;
        while (low < high)
        {
            var middle = (low + high) >>> 1;
            if (_starts[middle] + _lengths[middle] <= address)
            {
                low = middle + 1;
            }
            else
            {
                high = middle;
            }
        }
        return low == _starts.Length ? ulong.MaxValue : Math.Max(address, _starts[low]);
    }

    private int Find(ulong address)
    {
        int low = 0, high = _starts.Length - 1;
        while (low <= high)
        {
            var middle = (low + high) >>> 1;
            if (address < _starts[middle])
            {
                high = middle - 1;
            }
            else if (address - _starts[middle] >= _lengths[middle])
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

    public void Dispose()
    {
        foreach (var handle in _handles)
        {
            handle.Dispose();
        }
    }
}

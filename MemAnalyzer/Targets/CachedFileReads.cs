using MemAnalyzer.Heap;

namespace MemAnalyzer.Targets;

/// <summary>
/// The core file's memory for ClrMD's and the DAC's many small reads: positioned reads of 32 KB blocks kept in a
/// direct-mapped cache of 16 MB, so that reading an object's fields one by one costs a copy, not a system call, and
/// the resident set holds the cache, not every page of the dump read. Thread-safe (one lock: these reads are few
/// beside the heap walks', which read the file on their own).
/// </summary>
internal sealed class CachedFileReads(DumpFileMemory file) : IDisposable
{
    private const int BlockBits = 15;
    private const int BlockSize = 1 << BlockBits;
    private const int Slots = 512;

    private readonly object _gate = new();
    private readonly ulong[] _blocks = new ulong[Slots];
    private readonly int[] _valid = new int[Slots];
    private byte[]? _data;

    /// <summary>Reads what the file holds from <paramref name="address"/> on: all of <paramref name="buffer"/>, or less where the file's bytes end.</summary>
    public int Read(ulong address, Span<byte> buffer)
    {
        lock (_gate)
        {
            _data ??= new byte[Slots * BlockSize];
            var done = 0;
            while (done < buffer.Length)
            {
                var current = address + (ulong)done;
                var block = current >> BlockBits;
                var slot = (int)(block % Slots);
                if (_blocks[slot] != block + 1)
                {
                    _valid[slot] = file.Read(block << BlockBits, _data.AsSpan(slot * BlockSize, BlockSize));
                    _blocks[slot] = block + 1;
                }
                var offset = (int)(current & (BlockSize - 1));
                var length = Math.Min(buffer.Length - done, _valid[slot] - offset);
                if (length <= 0)
                {
                    break;
                }
                _data.AsSpan(slot * BlockSize + offset, length).CopyTo(buffer[done..]);
                done += length;
            }
            return done;
        }
    }

    public void Dispose() => file.Dispose();
}

using System.Buffers;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Strings;

/// <summary>
/// Groups every string on the heap by value. Characters are read into one reused buffer and looked up as spans, so
/// only a value seen for the first time allocates; huge strings are told apart by length and SHA-256 instead of
/// being held whole.
/// </summary>
public static class StringStatisticsCollector
{
    /// <summary>Longer strings are grouped by length and hash, and keep only this many characters of their value.</summary>
    public const int HugeStringChars = 64 * 1024;

    /// <summary>Where a string's length and characters sit on x64: after the MethodTable pointer.</summary>
    internal const int LengthOffset = 8;
    internal const int CharsOffset = 12;

    public static StringSnapshot Collect(ClrHeap heap, ObjectSelection selection, WalkOptions options, CancellationToken cancellation) =>
        Collect(heap, selection, selection == ObjectSelection.All ? null : LiveObjectMarker.Mark(heap, options, cancellation), cancellation);

    internal static StringSnapshot Collect(ClrHeap heap, ObjectSelection selection, ObjectBitmap? live, CancellationToken cancellation)
    {
        var reader = heap.Runtime.DataTarget.DataReader;
        var values = new Dictionary<string, Accumulator>(StringComparer.Ordinal);
        var lookup = values.GetAlternateLookup<ReadOnlySpan<char>>();
        var buffer = ArrayPool<char>.Shared.Rent(1024);
        long unreadable = 0;
        try
        {
            foreach (var (address, size) in StringsOf(heap, selection, live, cancellation))
            {
                var length = reader.Read<int>(address + LengthOffset);
                if (length < 0 || CharsOffset + 2L * length > size)
                {
                    unreadable++;
                    continue;
                }
                if (length > HugeStringChars)
                {
                    AddHuge(values, reader, address, length, size);
                    continue;
                }
                if (buffer.Length < length)
                {
                    ArrayPool<char>.Shared.Return(buffer);
                    buffer = ArrayPool<char>.Shared.Rent(length);
                }
                var chars = buffer.AsSpan(0, length);
                if (reader.Read(address + CharsOffset, MemoryMarshal.AsBytes(chars)) != 2 * length)
                {
                    unreadable++;
                    continue;
                }
                ref var accumulator = ref CollectionsMarshal.GetValueRefOrAddDefault(lookup, chars, out var existed);
                if (!existed)
                {
                    accumulator = new Accumulator(length, size, address, null);
                }
                accumulator.Count++;
            }
        }
        finally
        {
            ArrayPool<char>.Shared.Return(buffer);
        }

        var warnings = new List<string>();
        if (unreadable > 0)
        {
            warnings.Add($"{unreadable:N0} strings could not be read (length or characters out of range) and were skipped: the dump may be damaged");
        }
        var rows = values.Select(p => new StringValueStatistics(p.Key, p.Value.Prefix ?? p.Key, p.Value.Length, p.Value.Count, p.Value.Size, p.Value.Sample)).ToList();
        return new StringSnapshot(rows, selection, warnings);
    }

    /// <summary>Every string object of the selection, with its size, in heap order.</summary>
    internal static IEnumerable<(ulong Address, long Size)> StringsOf(ClrHeap heap, ObjectSelection selection, ObjectBitmap? live, CancellationToken cancellation)
    {
        long visited = 0;
        foreach (var segment in heap.Segments)
        {
            // Objects on a frozen segment (string literals) are never freed: live, whatever the root walk found.
            var frozen = segment.Kind == GCSegmentKind.Frozen;
            if (frozen && selection == ObjectSelection.Dead)
            {
                continue;
            }
            var marks = frozen ? null : live;
            foreach (var obj in segment.EnumerateObjects(carefully: false))
            {
                if ((++visited & 0xFFFF) == 0)
                {
                    cancellation.ThrowIfCancellationRequested();
                }
                var type = obj.Type;
                if (type is not null && type.IsString && (marks is null || marks.IsMarked(obj.Address) == (selection == ObjectSelection.Live)))
                {
                    yield return (obj.Address, (long)obj.Size);
                }
            }
        }
    }

    private static void AddHuge(Dictionary<string, Accumulator> values, IDataReader reader, ulong address, int length, long size)
    {
        using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        var chunk = ArrayPool<byte>.Shared.Rent(64 * 1024);
        try
        {
            string? prefix = null;
            for (long offset = 0; offset < 2L * length; offset += chunk.Length)
            {
                var count = (int)Math.Min(chunk.Length, 2L * length - offset);
                var read = reader.Read(address + CharsOffset + (ulong)offset, chunk.AsSpan(0, count));
                hash.AppendData(chunk, 0, read);
                prefix ??= new string(MemoryMarshal.Cast<byte, char>(chunk.AsSpan(0, Math.Min(read, 2 * HugeStringChars) & ~1)));
            }
            var key = $"\uFFFF{length}:{Convert.ToHexString(hash.GetHashAndReset())}";
            ref var accumulator = ref CollectionsMarshal.GetValueRefOrAddDefault(values, key, out var existed);
            if (!existed)
            {
                accumulator = new Accumulator(length, size, address, prefix);
            }
            accumulator.Count++;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(chunk);
        }
    }

    private struct Accumulator(long length, long size, ulong sample, string? prefix)
    {
        public long Count;
        public readonly long Length = length;
        public readonly long Size = size;
        public readonly ulong Sample = sample;
        public readonly string? Prefix = prefix;
    }
}

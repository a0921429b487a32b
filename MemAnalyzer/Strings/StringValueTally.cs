using System.Buffers;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace MemAnalyzer.Strings;

/// <summary>
/// Strings counted by value, plus the totals of all strings seen. A value seen for the first time allocates its string;
/// a huge string (over <see cref="StringStatisticsCollector.HugeStringChars"/>) is keyed by its length and SHA-256 and
/// keeps only its beginning.
/// </summary>
internal sealed class StringValueTally
{
    private readonly Dictionary<string, Accumulator> _values = new(StringComparer.Ordinal);

    public long Count;
    public long Bytes;
    public long Unreadable;

    /// <summary>Counts one string by its value; false when its characters cannot be read.</summary>
    public bool AddValue(StringContent content, ulong address, int length, long size, ReadOnlySpan<byte> available)
    {
        if (length > StringStatisticsCollector.HugeStringChars)
        {
            return AddHuge(content, address, length, size);
        }
        if (!content.TryRead(address, length, available, out var chars))
        {
            return false;
        }
        ref var accumulator = ref CollectionsMarshal.GetValueRefOrAddDefault(_values.GetAlternateLookup<ReadOnlySpan<char>>(), chars, out var existed);
        if (!existed)
        {
            accumulator = new Accumulator(length, size, address, null);
        }
        accumulator.Count++;
        return true;
    }

    public IEnumerable<StringValueStatistics> Values(bool repeatedOnly) =>
        _values.Where(p => !repeatedOnly || p.Value.Count > 1)
            .Select(p => new StringValueStatistics(p.Key, p.Value.Prefix ?? p.Key, p.Value.Length, p.Value.Count, p.Value.Size, p.Value.Sample));

    private bool AddHuge(StringContent content, ulong address, int length, long size)
    {
        using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        var chunk = ArrayPool<byte>.Shared.Rent(64 * 1024);
        try
        {
            string? prefix = null;
            for (long offset = 0; offset < 2L * length; offset += chunk.Length)
            {
                var count = (int)Math.Min(chunk.Length, 2L * length - offset);
                if (content.Memory.Read(address + StringContent.CharsOffset + (ulong)offset, chunk.AsSpan(0, count)) != count)
                {
                    return false;
                }
                hash.AppendData(chunk, 0, count);
                prefix ??= new string(MemoryMarshal.Cast<byte, char>(chunk.AsSpan(0, Math.Min(count, 2 * StringStatisticsCollector.HugeStringChars) & ~1)));
            }
            var key = $"\uFFFF{length}:{Convert.ToHexString(hash.GetHashAndReset())}";
            ref var accumulator = ref CollectionsMarshal.GetValueRefOrAddDefault(_values, key, out var existed);
            if (!existed)
            {
                accumulator = new Accumulator(length, size, address, prefix);
            }
            accumulator.Count++;
            return true;
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

using System.Buffers.Binary;
using System.IO.Hashing;
using System.Runtime.InteropServices;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Strings;

/// <summary>
/// Reads one string object's length, content hash and characters: from the bytes the heap walk already holds when the
/// whole string is there, otherwise from the target's memory in blocks. Reuses its buffers; allocates nothing per string.
/// </summary>
internal sealed class StringContent(TargetMemory memory)
{
    /// <summary>Where a string's length and characters sit on x64: after the MethodTable pointer.</summary>
    public const int LengthOffset = 8;
    public const int CharsOffset = 12;
    private const int BlockBytes = 64 * 1024;

    private readonly XxHash3 _hasher = new();
    private readonly byte[] _block = new byte[BlockBytes];
    private char[] _chars = new char[1024];

    public TargetMemory Memory => memory;

    /// <summary>The string's length in characters, or -1 when it cannot be read or does not fit <paramref name="size"/>.</summary>
    public int Length(ulong address, long size, ReadOnlySpan<byte> available)
    {
        int length;
        if (available.Length >= CharsOffset)
        {
            length = BinaryPrimitives.ReadInt32LittleEndian(available[LengthOffset..]);
        }
        else
        {
            Span<byte> head = stackalloc byte[4];
            if (memory.Read(address + LengthOffset, head) != head.Length)
            {
                return -1;
            }
            length = BinaryPrimitives.ReadInt32LittleEndian(head);
        }
        return length < 0 || CharsOffset + 2L * length > size ? -1 : length;
    }

    /// <summary>A 64-bit hash (XXH3) of the characters; false when they cannot all be read.</summary>
    public bool TryHash(ulong address, int length, ReadOnlySpan<byte> available, out ulong hash)
    {
        var bytes = 2L * length;
        if (available.Length >= CharsOffset + bytes)
        {
            hash = XxHash3.HashToUInt64(available.Slice(CharsOffset, (int)bytes));
            return true;
        }
        _hasher.Reset();
        for (long offset = 0; offset < bytes; offset += BlockBytes)
        {
            var chunk = _block.AsSpan(0, (int)Math.Min(BlockBytes, bytes - offset));
            if (memory.Read(address + CharsOffset + (ulong)offset, chunk) != chunk.Length)
            {
                hash = 0;
                return false;
            }
            _hasher.Append(chunk);
        }
        hash = _hasher.GetCurrentHashAsUInt64();
        return true;
    }

    /// <summary>The characters (valid until the next call); false when they cannot all be read.</summary>
    public bool TryRead(ulong address, int length, ReadOnlySpan<byte> available, out ReadOnlySpan<char> chars)
    {
        var bytes = 2 * length;
        if (available.Length >= CharsOffset + bytes)
        {
            chars = MemoryMarshal.Cast<byte, char>(available.Slice(CharsOffset, bytes));
            return true;
        }
        if (_chars.Length < length)
        {
            _chars = new char[Math.Max(length, 2 * _chars.Length)];
        }
        var span = _chars.AsSpan(0, length);
        chars = span;
        return memory.Read(address + CharsOffset, MemoryMarshal.AsBytes(span)) == bytes;
    }
}

using System.Buffers.Binary;

namespace MemAnalyzer.Linux;

/// <summary>The identity of a PE image (a managed assembly) from its headers: COFF time stamp and SizeOfImage, as symbol servers index it.</summary>
public readonly record struct PeHeader(uint TimeStamp, uint SizeOfImage)
{
    public static bool HasPeMagic(ReadOnlySpan<byte> start) => start.Length >= 2 && start[0] == (byte)'M' && start[1] == (byte)'Z';

    /// <summary>Reads the headers at the start of an image (on disk or as mapped); null when they are not a PE's.</summary>
    public static PeHeader? TryRead(ReadOnlySpan<byte> start)
    {
        if (!HasPeMagic(start) || start.Length < 0x40)
        {
            return null;
        }
        var pe = BinaryPrimitives.ReadInt32LittleEndian(start[0x3c..]);
        // PE signature (4), COFF header (20), then SizeOfImage at offset 56 of the optional header (PE32 and PE32+ alike).
        if (pe < 0 || pe > start.Length - 24 - 60 || BinaryPrimitives.ReadUInt32LittleEndian(start[pe..]) != 0x00004550)
        {
            return null;
        }
        return new PeHeader(BinaryPrimitives.ReadUInt32LittleEndian(start[(pe + 8)..]), BinaryPrimitives.ReadUInt32LittleEndian(start[(pe + 24 + 56)..]));
    }
}

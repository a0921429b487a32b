using MemAnalyzer.Linux;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// Damages a copy of a core dump: writes bytes over target memory, found through the core's PT_LOAD headers. It reads
/// those headers with the product's own ElfImage on purpose: it is no oracle, a bug there makes the patch land in the
/// wrong place (or nowhere) and the damage tests fail; it can never make one pass.
/// </summary>
public static class DumpPatcher
{
    public static void Overwrite(string dumpPath, ulong address, ReadOnlySpan<byte> bytes)
    {
        using var stream = File.Open(dumpPath, FileMode.Open, FileAccess.ReadWrite);
        var image = ElfImage.TryRead(stream, out _)!;
        var length = (ulong)bytes.Length;
        var header = image.ProgramHeaders.First(h => h.Type == ElfImage.ProgramHeaderLoad && h.VirtualAddress <= address && address + length <= h.VirtualAddress + h.FileSize);
        stream.Position = (long)(header.Offset + (address - header.VirtualAddress));
        stream.Write(bytes);
    }

    /// <summary>Writes zeros over every byte of [<paramref name="start"/>, <paramref name="end"/>) the dump holds (it may span several PT_LOAD ranges); returns how many.</summary>
    public static long ZeroWhereDumped(string dumpPath, ulong start, ulong end)
    {
        using var stream = File.Open(dumpPath, FileMode.Open, FileAccess.ReadWrite);
        var image = ElfImage.TryRead(stream, out _)!;
        var zeroed = 0L;
        foreach (var header in image.ProgramHeaders.Where(h => h.Type == ElfImage.ProgramHeaderLoad))
        {
            var from = Math.Max(start, header.VirtualAddress);
            var to = Math.Min(end, header.VirtualAddress + header.FileSize);
            if (from < to)
            {
                stream.Position = (long)(header.Offset + (from - header.VirtualAddress));
                stream.Write(new byte[to - from]);
                zeroed += (long)(to - from);
            }
        }
        return zeroed;
    }

    /// <summary>Replaces the MethodTable pointer of the object at <paramref name="address"/> with one no runtime has.</summary>
    public static void CorruptMethodTable(string dumpPath, ulong address) =>
        Overwrite(dumpPath, address, BitConverter.GetBytes(0xDEAD_BEEF_DEAD_BEE0UL));

    /// <summary>Writes zeros over <paramref name="length"/> bytes at <paramref name="address"/> (a zeroed page).</summary>
    public static void Zero(string dumpPath, ulong address, int length) => Overwrite(dumpPath, address, new byte[length]);

    /// <summary>
    /// Leaves the memory from <paramref name="address"/> to the end of its PT_LOAD range out of the dump, as a dump
    /// that lacks part of a segment: the range's p_filesz is cut to end at the address (its p_memsz stays). Reads the
    /// ELF64 program header table itself. Returns where the range ended.
    /// </summary>
    public static ulong LeaveOut(string dumpPath, ulong address)
    {
        using var stream = File.Open(dumpPath, FileMode.Open, FileAccess.ReadWrite);
        Span<byte> header = stackalloc byte[64];
        stream.ReadExactly(header);
        var tableOffset = BitConverter.ToInt64(header[32..]);
        var entrySize = BitConverter.ToUInt16(header[54..]);
        var entries = BitConverter.ToUInt16(header[56..]);
        Span<byte> entry = stackalloc byte[56];
        for (var i = 0; i < entries; i++)
        {
            stream.Position = tableOffset + (i * entrySize);
            stream.ReadExactly(entry);
            var virtualAddress = BitConverter.ToUInt64(entry[16..]);
            var fileSize = BitConverter.ToUInt64(entry[32..]);
            if (BitConverter.ToUInt32(entry) == 1 && virtualAddress <= address && address < virtualAddress + fileSize)
            {
                stream.Position = tableOffset + (i * entrySize) + 32;
                stream.Write(BitConverter.GetBytes(address - virtualAddress));
                return virtualAddress + fileSize;
            }
        }
        throw new InvalidOperationException($"no PT_LOAD range of {dumpPath} holds 0x{address:x}");
    }
}

using MemAnalyzer.Linux;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>Damages a copy of a core dump: writes bytes over target memory, found through the core's PT_LOAD headers.</summary>
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

    /// <summary>Replaces the MethodTable pointer of the object at <paramref name="address"/> with one no runtime has.</summary>
    public static void CorruptMethodTable(string dumpPath, ulong address) =>
        Overwrite(dumpPath, address, BitConverter.GetBytes(0xDEAD_BEEF_DEAD_BEE0UL));
}

using System.Buffers.Binary;

namespace MemAnalyzer.Linux;

/// <summary>One program header of an ELF64 file.</summary>
public readonly record struct ElfProgramHeader(uint Type, uint Flags, ulong Offset, ulong VirtualAddress, ulong FileSize, ulong MemorySize);

/// <summary>
/// The few facts MemAnalyzer needs from an ELF64 little-endian file: its type, program headers and GNU build-id.
/// ClrMD has an ELF reader, but it is internal, so this one reads exactly what is needed and validates every offset.
/// </summary>
public sealed class ElfImage
{
    public const ushort TypeCore = 4;
    public const uint ProgramHeaderLoad = 1;
    public const uint ProgramHeaderNote = 4;
    private const uint NoteGnuBuildId = 3;
    private const int MaxProgramHeaders = 65_535;

    private ElfImage(ushort type, ushort machine, IReadOnlyList<ElfProgramHeader> programHeaders, long fileLength)
    {
        Type = type;
        Machine = machine;
        ProgramHeaders = programHeaders;
        FileLength = fileLength;
    }

    public ushort Type { get; }

    /// <summary>e_machine: 62 is x86-64, 183 is AArch64.</summary>
    public ushort Machine { get; }

    public IReadOnlyList<ElfProgramHeader> ProgramHeaders { get; }

    public long FileLength { get; }

    public bool IsCore => Type == TypeCore;

    /// <summary>Bytes the program headers say the file should hold; more than <see cref="FileLength"/> means truncation.</summary>
    public long ExpectedLength => ProgramHeaders.Count == 0
        ? 0
        : (long)Math.Min(long.MaxValue, ProgramHeaders.Max(h => h.FileSize == 0 ? 0 : h.Offset > ulong.MaxValue - h.FileSize ? ulong.MaxValue : h.Offset + h.FileSize));

    public static bool HasElfMagic(ReadOnlySpan<byte> start) =>
        start.Length >= 4 && start[0] == 0x7f && start[1] == (byte)'E' && start[2] == (byte)'L' && start[3] == (byte)'F';

    /// <summary>Reads the header and program headers; returns null with a reason if the file is not a readable ELF64 LE file.</summary>
    public static ElfImage? TryRead(Stream stream, out string? error)
    {
        error = null;
        Span<byte> header = stackalloc byte[64];
        stream.Position = 0;
        if (stream.ReadAtLeast(header, header.Length, throwOnEndOfStream: false) < header.Length || !HasElfMagic(header))
        {
            error = "it is not an ELF file";
            return null;
        }
        if (header[4] != 2 || header[5] != 1)
        {
            error = "it is a 32-bit or big-endian ELF file; only 64-bit little-endian dumps are supported";
            return null;
        }

        var type = BinaryPrimitives.ReadUInt16LittleEndian(header[16..]);
        var machine = BinaryPrimitives.ReadUInt16LittleEndian(header[18..]);
        var phOffset = BinaryPrimitives.ReadUInt64LittleEndian(header[32..]);
        var phEntrySize = BinaryPrimitives.ReadUInt16LittleEndian(header[54..]);
        var phCount = BinaryPrimitives.ReadUInt16LittleEndian(header[56..]);
        if (phCount > MaxProgramHeaders || (phCount > 0 && phEntrySize < 56))
        {
            error = "its ELF program header table is malformed";
            return null;
        }

        var length = stream.Length;
        var tableBytes = (long)phCount * phEntrySize;
        if (phCount > 0 && (phOffset > (ulong)length || (ulong)length - phOffset < (ulong)tableBytes))
        {
            error = "its ELF program header table lies beyond the end of the file (the file is truncated)";
            return null;
        }

        var table = new byte[tableBytes];
        if (phCount > 0)
        {
            stream.Position = (long)phOffset;
            stream.ReadExactly(table);
        }
        var headers = new List<ElfProgramHeader>(phCount);
        for (var i = 0; i < phCount; i++)
        {
            var entry = table.AsSpan(i * phEntrySize, 56);
            headers.Add(new ElfProgramHeader(
                BinaryPrimitives.ReadUInt32LittleEndian(entry),
                BinaryPrimitives.ReadUInt32LittleEndian(entry[4..]),
                BinaryPrimitives.ReadUInt64LittleEndian(entry[8..]),
                BinaryPrimitives.ReadUInt64LittleEndian(entry[16..]),
                BinaryPrimitives.ReadUInt64LittleEndian(entry[32..]),
                BinaryPrimitives.ReadUInt64LittleEndian(entry[40..])));
        }
        return new ElfImage(type, machine, headers, length);
    }

    /// <summary>
    /// Why a library on disk cannot be loaded (not ELF, or shorter than its program headers say: a copy that broke off),
    /// or null if it looks whole. Loading a truncated library with dlopen kills the process with SIGBUS.
    /// </summary>
    public static string? DescribeIncompleteLibrary(string path)
    {
        try
        {
            using var stream = File.OpenRead(path);
            var image = TryRead(stream, out var error);
            if (image is null)
            {
                return error;
            }
            return image.ExpectedLength > image.FileLength
                ? $"it is truncated ({image.FileLength:N0} of {image.ExpectedLength:N0} bytes)"
                : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return $"it cannot be read ({e.Message})";
        }
    }

    /// <summary>The GNU build-id of an ELF file on disk (a shared library such as libcoreclr.so), or null.</summary>
    public static byte[]? ReadBuildId(string path)
    {
        try
        {
            using var stream = File.OpenRead(path);
            var image = TryRead(stream, out _);
            return image?.FindBuildId(stream);
        }
        catch (IOException)
        {
            return null;
        }
        catch (UnauthorizedAccessException)
        {
            return null;
        }
    }

    private byte[]? FindBuildId(Stream stream)
    {
        foreach (var note in ProgramHeaders.Where(h => h.Type == ProgramHeaderNote))
        {
            if (note.FileSize > 1 << 20 || note.Offset + note.FileSize > (ulong)FileLength)
            {
                continue;
            }
            var bytes = new byte[note.FileSize];
            stream.Position = (long)note.Offset;
            stream.ReadExactly(bytes);
            var id = FindNote(bytes, NoteGnuBuildId, "GNU");
            if (id is not null)
            {
                return id;
            }
        }
        return null;
    }

    /// <summary>Finds the descriptor of the first note with the given type and owner name in a PT_NOTE payload.</summary>
    public static byte[]? FindNote(ReadOnlySpan<byte> notes, uint wantedType, string wantedName)
    {
        var position = 0;
        while (position + 12 <= notes.Length)
        {
            var nameSize = BinaryPrimitives.ReadUInt32LittleEndian(notes[position..]);
            var descSize = BinaryPrimitives.ReadUInt32LittleEndian(notes[(position + 4)..]);
            var type = BinaryPrimitives.ReadUInt32LittleEndian(notes[(position + 8)..]);
            var nameStart = position + 12;
            var descStart = nameStart + (int)Align4(nameSize);
            if (nameSize > int.MaxValue / 2 || descSize > int.MaxValue / 2 || descStart < 0 || descStart + (long)descSize > notes.Length)
            {
                return null;
            }
            var name = System.Text.Encoding.ASCII.GetString(notes.Slice(nameStart, (int)nameSize)).TrimEnd('\0');
            if (type == wantedType && name == wantedName)
            {
                return notes.Slice(descStart, (int)descSize).ToArray();
            }
            position = descStart + (int)Align4(descSize);
        }
        return null;
    }

    private static uint Align4(uint value) => (value + 3) & ~3u;
}

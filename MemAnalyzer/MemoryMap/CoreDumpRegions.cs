using System.Buffers.Binary;
using System.Text;
using MemAnalyzer.Linux;

namespace MemAnalyzer.MemoryMap;

/// <summary>
/// Rebuilds a process's mappings from an ELF core dump alone: PT_LOAD segments for memory, the NT_FILE note for
/// file mappings. A dump cannot tell residency, sharing, reservations or mapping names, so the result is approximate.
/// </summary>
public static class CoreDumpRegions
{
    private const uint NoteFile = 0x46494c45;
    private const ulong CreatedumpInfoPage = 0x00007ffffff10000;
    private const int MaxNoteBytes = 64 << 20;

    /// <exception cref="InvalidDataException">The file is not an ELF core whose headers can be read.</exception>
    public static IReadOnlyList<MemoryRegion> Read(Stream stream)
    {
        var image = ElfImage.TryRead(stream, out var error) ?? throw new InvalidDataException(error);
        var files = FileMappings(stream, image);
        var regions = new List<MemoryRegion>();
        foreach (var load in image.ProgramHeaders.Where(h => h.Type == ElfImage.ProgramHeaderLoad && h.MemorySize > 0))
        {
            if (load.VirtualAddress == CreatedumpInfoPage)
            {
                continue;
            }
            var permissions = $"{((load.Flags & 4) != 0 ? 'r' : '-')}{((load.Flags & 2) != 0 ? 'w' : '-')}{((load.Flags & 1) != 0 ? 'x' : '-')}p";
            // The parts of a segment that a file mapping covers are counted as that file, below.
            var from = load.VirtualAddress;
            var end = load.VirtualAddress + load.MemorySize;
            foreach (var file in files.Where(f => f.End > from && f.Start < end).OrderBy(f => f.Start))
            {
                if (file.Start > from)
                {
                    regions.Add(new MemoryRegion(from, file.Start, permissions, ""));
                }
                from = Math.Max(from, file.End);
            }
            if (from < end)
            {
                regions.Add(new MemoryRegion(from, end, permissions, ""));
            }
        }
        regions.AddRange(files);
        return regions;
    }

    private static List<MemoryRegion> FileMappings(Stream stream, ElfImage image)
    {
        var files = new List<MemoryRegion>();
        foreach (var note in image.ProgramHeaders.Where(h => h.Type == ElfImage.ProgramHeaderNote))
        {
            if (note.FileSize > MaxNoteBytes || note.Offset + note.FileSize > (ulong)image.FileLength)
            {
                continue;
            }
            var bytes = new byte[note.FileSize];
            stream.Position = (long)note.Offset;
            stream.ReadExactly(bytes);
            var descriptor = ElfImage.FindNote(bytes, NoteFile, "CORE");
            if (descriptor is not null)
            {
                files.AddRange(ParseFileNote(descriptor));
            }
        }
        return files;
    }

    /// <summary>NT_FILE: count, page size, count × (start, end, offset in pages), then count NUL-terminated paths.</summary>
    public static IEnumerable<MemoryRegion> ParseFileNote(byte[] descriptor)
    {
        if (descriptor.Length < 16)
        {
            yield break;
        }
        var count = BinaryPrimitives.ReadUInt64LittleEndian(descriptor);
        var pageSize = BinaryPrimitives.ReadUInt64LittleEndian(descriptor.AsSpan(8));
        var tableEnd = 16 + 24 * (long)Math.Min(count, (ulong)descriptor.Length / 24);
        if (count > (ulong)descriptor.Length / 24 || tableEnd > descriptor.Length)
        {
            yield break;
        }
        var names = Encoding.UTF8.GetString(descriptor, (int)tableEnd, descriptor.Length - (int)tableEnd).Split('\0');
        for (var i = 0; i < (int)count && i < names.Length; i++)
        {
            var entry = descriptor.AsSpan(16 + 24 * i);
            var start = BinaryPrimitives.ReadUInt64LittleEndian(entry);
            var end = BinaryPrimitives.ReadUInt64LittleEndian(entry[8..]);
            var offset = BinaryPrimitives.ReadUInt64LittleEndian(entry[16..]);
            if (end > start)
            {
                yield return new MemoryRegion(start, end, "r--p", names[i], offset * Math.Max(pageSize, 1));
            }
        }
    }
}

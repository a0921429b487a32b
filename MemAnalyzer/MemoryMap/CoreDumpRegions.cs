using MemAnalyzer.Linux;

namespace MemAnalyzer.MemoryMap;

/// <summary>
/// Rebuilds a process's mappings from an ELF core dump alone: PT_LOAD segments for memory, the NT_FILE note for
/// file mappings. A dump cannot tell residency, sharing, reservations or mapping names, so the result is approximate.
/// </summary>
public static class CoreDumpRegions
{
    private const ulong CreatedumpInfoPage = 0x00007ffffff10000;

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

    private static List<MemoryRegion> FileMappings(Stream stream, ElfImage image) =>
        [.. CoreFileMapping.Read(stream, image).Select(ToRegion)];

    /// <summary>NT_FILE: count, page size, count × (start, end, offset in pages), then count NUL-terminated paths.</summary>
    public static IEnumerable<MemoryRegion> ParseFileNote(byte[] descriptor) => CoreFileMapping.Parse(descriptor).Select(ToRegion);

    private static MemoryRegion ToRegion(CoreFileMapping file) => new(file.Start, file.End, "r--p", file.Path, file.FileOffset);
}

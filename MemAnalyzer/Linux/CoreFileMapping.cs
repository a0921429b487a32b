using System.Buffers.Binary;
using System.Text;

namespace MemAnalyzer.Linux;

/// <summary>One entry of a core's NT_FILE note: [Start, End) of the process maps the file <paramref name="Path"/> from <paramref name="FileOffset"/>.</summary>
public readonly record struct CoreFileMapping(ulong Start, ulong End, ulong FileOffset, string Path)
{
    private const uint NoteFile = 0x46494c45;
    private const int MaxNoteBytes = 64 << 20;

    public ulong Length => End - Start;

    /// <summary>The NT_FILE entries of an ELF core (kernel, gcore and createdump all write the note).</summary>
    public static List<CoreFileMapping> Read(Stream stream, ElfImage image)
    {
        var files = new List<CoreFileMapping>();
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
                files.AddRange(Parse(descriptor));
            }
        }
        return files;
    }

    /// <summary>NT_FILE: count, page size, count × (start, end, offset in pages), then count NUL-terminated paths.</summary>
    public static IEnumerable<CoreFileMapping> Parse(byte[] descriptor)
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
                yield return new CoreFileMapping(start, end, offset * Math.Max(pageSize, 1), names[i]);
            }
        }
    }
}

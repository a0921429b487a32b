using System.IO.Hashing;
using System.Runtime.InteropServices;
using MemAnalyzer.Retention;
using Microsoft.Win32.SafeHandles;

namespace MemAnalyzer.Index;

/// <summary>
/// Reads an index file (see <see cref="SectionFile"/>): the tail and the section table when opened, a section's bytes
/// when asked for, each checked against its hash as it is read. Anything out of place throws
/// <see cref="InvalidDataException"/>: a damaged index is never used.
/// </summary>
internal sealed unsafe class SectionFileReader : IDisposable
{
    private readonly SafeFileHandle _file;
    private byte* _mapped;
    private readonly Dictionary<string, (long Offset, long Length, ulong Hash)> _sections = new(StringComparer.Ordinal);

    public SectionFileReader(string path)
    {
        _file = File.OpenHandle(path, FileMode.Open, FileAccess.Read, FileShare.Read);
        try
        {
            ReadTable();
        }
        catch
        {
            _file.Dispose();
            throw;
        }
    }

    public bool Has(string name) => _sections.ContainsKey(name);

    public T[] ReadArray<T>(string name) where T : unmanaged
    {
        var (offset, length, expected) = Section(name);
        var size = Marshal.SizeOf<T>();
        var items = new T[Elements<T>(name, length)];
        var hash = new XxHash3();
        for (var at = 0; at < items.Length; at += SectionFile.ChunkElements)
        {
            var bytes = MemoryMarshal.AsBytes(items.AsSpan(at, Math.Min(SectionFile.ChunkElements, items.Length - at)));
            ReadExactly(bytes, offset + (long)at * size);
            hash.Append(bytes);
        }
        Check(name, hash, expected);
        return items;
    }

    /// <summary>
    /// A section written from parts, read back straight into arrays of the same lengths (no copy of the whole), checked
    /// against its hash. Returns the section's length in elements, whether or not it fills the arrays exactly: when it
    /// does not, nothing is read and the caller names the mismatch.
    /// </summary>
    public long ReadInto<T>(string name, IReadOnlyList<T[]> parts) where T : unmanaged
    {
        var (offset, length, expected) = Section(name);
        var size = Marshal.SizeOf<T>();
        if (length % size != 0 || parts.Sum(p => (long)p.Length) != length / size)
        {
            return length / size;
        }
        var hash = new XxHash3();
        foreach (var part in parts)
        {
            for (var at = 0; at < part.Length; at += SectionFile.ChunkElements)
            {
                var bytes = MemoryMarshal.AsBytes(part.AsSpan(at, Math.Min(SectionFile.ChunkElements, part.Length - at)));
                ReadExactly(bytes, offset);
                hash.Append(bytes);
                offset += bytes.Length;
            }
        }
        Check(name, hash, expected);
        return length / size;
    }

    /// <summary>
    /// A large per-object section, mapped instead of read (<see cref="MappedMemory"/>): its hash is checked over the
    /// mapped pages before it is handed out, as <see cref="ReadArray{T}"/> checks what it reads.
    /// </summary>
    public Column<T> MapColumn<T>(string name) where T : unmanaged
    {
        var (offset, length, expected) = Section(name);
        var count = Elements<T>(name, length);
        if (_mapped is null)
        {
            _mapped = MappedMemory.Map(_file, RandomAccess.GetLength(_file));
        }
        var first = _mapped + offset;
        var hash = new XxHash3();
        for (long at = 0; at < length; at += SectionFile.ChunkElements)
        {
            hash.Append(new ReadOnlySpan<byte>(first + at, (int)Math.Min(SectionFile.ChunkElements, length - at)));
        }
        Check(name, hash, expected);
        return new Column<T>((T*)first, count);
    }

    /// <summary>How many values of T the section's bytes hold; throws when they are not whole values or too many for an array.</summary>
    private static int Elements<T>(string name, long length) where T : unmanaged
    {
        var size = sizeof(T);
        if (length % size != 0 || length / size > Array.MaxLength)
        {
            throw new InvalidDataException($"section '{name}' holds {length} bytes, not whole {typeof(T).Name} values");
        }
        return (int)(length / size);
    }

    private static void Check(string name, XxHash3 hash, ulong expected)
    {
        if (hash.GetCurrentHashAsUInt64() != expected)
        {
            throw new InvalidDataException($"section '{name}' does not match its hash");
        }
    }

    /// <summary>A small section of fields and strings.</summary>
    public T Read<T>(string name, Func<BinaryReader, T> read)
    {
        using var reader = new BinaryReader(new MemoryStream(ReadArray<byte>(name)), System.Text.Encoding.UTF8);
        try
        {
            return read(reader);
        }
        catch (EndOfStreamException e)
        {
            throw new InvalidDataException($"section '{name}' ends early", e);
        }
    }

    public void Dispose() => _file.Dispose();

    private (long Offset, long Length, ulong Hash) Section(string name) =>
        _sections.TryGetValue(name, out var section) ? section : throw new InvalidDataException($"the index has no section '{name}'");

    private void ReadTable()
    {
        var fileLength = RandomAccess.GetLength(_file);
        if (fileLength < SectionFile.HeadBytes + SectionFile.TailBytes)
        {
            throw new InvalidDataException($"the file is {fileLength} bytes long, too short for an index");
        }
        Span<byte> head = stackalloc byte[SectionFile.HeadBytes];
        ReadExactly(head, 0);
        if (BitConverter.ToUInt64(head) != SectionFile.HeadMagic)
        {
            throw new InvalidDataException("the file is not an index");
        }
        if (BitConverter.ToInt32(head[8..]) != SectionFile.FormatVersion)
        {
            throw new InvalidDataException($"the index has format {BitConverter.ToInt32(head[8..])}, not {SectionFile.FormatVersion}");
        }
        Span<byte> tail = stackalloc byte[SectionFile.TailBytes];
        ReadExactly(tail, fileLength - SectionFile.TailBytes);
        if (BitConverter.ToUInt64(tail[16..]) != SectionFile.TailMagic)
        {
            throw new InvalidDataException("the index has no end: it was cut short");
        }
        var tableOffset = BitConverter.ToInt64(tail);
        var tableLength = fileLength - SectionFile.TailBytes - tableOffset;
        if (tableOffset < SectionFile.HeadBytes || tableLength <= 0 || tableLength > 1 << 20)
        {
            throw new InvalidDataException("the index's section table is out of place");
        }
        var table = new byte[tableLength];
        ReadExactly(table, tableOffset);
        if (XxHash3.HashToUInt64(table) != BitConverter.ToUInt64(tail[8..]))
        {
            throw new InvalidDataException("the index's section table does not match its hash");
        }
        using var reader = new BinaryReader(new MemoryStream(table), System.Text.Encoding.UTF8);
        try
        {
            var count = reader.ReadInt32();
            for (var i = 0; i < count; i++)
            {
                var (name, offset, length, hash) = (reader.ReadString(), reader.ReadInt64(), reader.ReadInt64(), reader.ReadUInt64());
                if (offset < SectionFile.HeadBytes || length < 0 || offset + length > tableOffset)
                {
                    throw new InvalidDataException($"section '{name}' lies outside the file");
                }
                _sections[name] = (offset, length, hash);
            }
        }
        catch (EndOfStreamException e)
        {
            throw new InvalidDataException("the index's section table ends early", e);
        }
    }

    private void ReadExactly(Span<byte> buffer, long offset)
    {
        while (buffer.Length > 0)
        {
            var read = RandomAccess.Read(_file, buffer, offset);
            if (read <= 0)
            {
                throw new InvalidDataException("the index ends early");
            }
            buffer = buffer[read..];
            offset += read;
        }
    }
}

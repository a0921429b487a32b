using System.IO.Hashing;
using System.Runtime.InteropServices;

namespace MemAnalyzer.Index;

/// <summary>
/// Writes an index file section by section (see <see cref="SectionFile"/>) straight from the arrays it is given, in
/// chunks: no copy of an array is made. Not flushed to disk: a file a crash leaves half-written fails its hashes and
/// is rebuilt.
/// </summary>
internal sealed class SectionFileWriter : IDisposable
{
    private readonly FileStream _file;
    private readonly List<(string Name, long Offset, long Length, ulong Hash)> _sections = [];

    public SectionFileWriter(string path)
    {
        _file = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.None, bufferSize: 1 << 16);
        Span<byte> head = stackalloc byte[SectionFile.HeadBytes];
        BitConverter.TryWriteBytes(head, SectionFile.HeadMagic);
        BitConverter.TryWriteBytes(head[8..], SectionFile.FormatVersion);
        _file.Write(head);
    }

    /// <summary>Bytes written so far.</summary>
    public long Length => _file.Position;

    public void Add<T>(string name, T[] items) where T : unmanaged => Add(name, (ReadOnlySpan<T>)items);

    public void Add<T>(string name, ReadOnlySpan<T> items) where T : unmanaged
    {
        var offset = Align();
        var hash = new XxHash3();
        Append(items, hash);
        _sections.Add((name, offset, _file.Position - offset, hash.GetCurrentHashAsUInt64()));
    }

    /// <summary>One section of several arrays, one after the other.</summary>
    public void Add<T>(string name, IEnumerable<T[]> parts) where T : unmanaged
    {
        var offset = Align();
        var hash = new XxHash3();
        foreach (var part in parts)
        {
            Append((ReadOnlySpan<T>)part, hash);
        }
        _sections.Add((name, offset, _file.Position - offset, hash.GetCurrentHashAsUInt64()));
    }

    /// <summary>A small section of fields and strings.</summary>
    public void Add(string name, Action<BinaryWriter> write)
    {
        using var buffer = new MemoryStream();
        using (var writer = new BinaryWriter(buffer, System.Text.Encoding.UTF8, leaveOpen: true))
        {
            write(writer);
        }
        Add(name, buffer.ToArray());
    }

    /// <summary>Writes the section table and the tail: the file is whole from here on.</summary>
    public void Finish()
    {
        var tableOffset = Align();
        using var table = new MemoryStream();
        using (var writer = new BinaryWriter(table, System.Text.Encoding.UTF8, leaveOpen: true))
        {
            writer.Write(_sections.Count);
            foreach (var (name, offset, length, hash) in _sections)
            {
                writer.Write(name);
                writer.Write(offset);
                writer.Write(length);
                writer.Write(hash);
            }
        }
        var tableBytes = table.GetBuffer().AsSpan(0, (int)table.Length);
        _file.Write(tableBytes);
        Span<byte> tail = stackalloc byte[SectionFile.TailBytes];
        BitConverter.TryWriteBytes(tail, tableOffset);
        BitConverter.TryWriteBytes(tail[8..], XxHash3.HashToUInt64(tableBytes));
        BitConverter.TryWriteBytes(tail[16..], SectionFile.TailMagic);
        _file.Write(tail);
        _file.Flush();
    }

    public void Dispose() => _file.Dispose();

    private void Append<T>(ReadOnlySpan<T> items, XxHash3 hash) where T : unmanaged
    {
        for (var at = 0; at < items.Length; at += SectionFile.ChunkElements)
        {
            var bytes = MemoryMarshal.AsBytes(items.Slice(at, Math.Min(SectionFile.ChunkElements, items.Length - at)));
            hash.Append(bytes);
            _file.Write(bytes);
        }
    }

    private long Align()
    {
        var padding = (int)(-_file.Position & 7);
        Span<byte> zeros = stackalloc byte[8];
        zeros.Clear();
        _file.Write(zeros[..padding]);
        return _file.Position;
    }
}

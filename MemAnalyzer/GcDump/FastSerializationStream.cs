using System.Buffers.Binary;
using System.Text;

namespace MemAnalyzer.GcDump;

/// <summary>
/// The primitives of the FastSerialization container (docs/gcdump-format.md): little-endian integers, strings as a
/// 32-bit length (-1 for null) and UTF-8 bytes, one-byte tags, and each object's type header. Reads forward only from
/// the stream it is given; a stream that ends early is a <see cref="GcDumpFormatException"/> naming what was being read.
/// </summary>
public sealed class FastSerializationStream(Stream stream)
{
    /// <summary>The signature every FastSerialization stream starts with, after its 32-bit length.</summary>
    public const string Signature = "!FastSerialization.1";

    /// <summary>The tags FastSerialization writes before an object or a tagged value.</summary>
    public enum Tag : byte
    {
        NullReference = 1,
        ObjectReference = 2,
        ForwardReference = 3,
        BeginObject = 4,
        BeginPrivateObject = 5,
        EndObject = 6,
        ForwardDefinition = 7,
        Byte = 8,
        Int16 = 9,
        Int32 = 10,
        Int64 = 11,
        SkipRegion = 12,
        String = 13,
        Blob = 14,
    }

    private readonly byte[] _scratch = new byte[8];

    /// <summary>Bytes read so far.</summary>
    public long Position { get; private set; }

    /// <summary>True when the next bytes are the FastSerialization signature; reads them.</summary>
    public bool ReadSignature()
    {
        Span<byte> head = stackalloc byte[4 + Signature.Length];
        var read = stream.ReadAtLeast(head, head.Length, throwOnEndOfStream: false);
        Position += read;
        return read == head.Length && BinaryPrimitives.ReadInt32LittleEndian(head) == Signature.Length
            && Encoding.ASCII.GetString(head[4..]) == Signature;
    }

    public byte ReadByte(string what)
    {
        Fill(1, what);
        return _scratch[0];
    }

    public int ReadInt32(string what)
    {
        Fill(4, what);
        return BinaryPrimitives.ReadInt32LittleEndian(_scratch);
    }

    public long ReadInt64(string what)
    {
        Fill(8, what);
        return BinaryPrimitives.ReadInt64LittleEndian(_scratch);
    }

    public float ReadSingle(string what)
    {
        Fill(4, what);
        return BinaryPrimitives.ReadSingleLittleEndian(_scratch);
    }

    /// <summary>A string: null for length -1; longer than <paramref name="limit"/> bytes is not a gcdump's string.</summary>
    public string? ReadString(string what, int limit = 1 << 20)
    {
        var length = ReadInt32(what);
        if (length == -1)
        {
            return null;
        }
        if (length < 0 || length > limit)
        {
            throw new GcDumpFormatException($"the {what} has an impossible length ({length:N0}) at byte {Position - 4:N0}");
        }
        var bytes = ReadBytes(length, what);
        return Encoding.UTF8.GetString(bytes);
    }

    /// <summary><paramref name="count"/> bytes into a new array.</summary>
    public byte[] ReadBytes(int count, string what)
    {
        var bytes = GC.AllocateUninitializedArray<byte>(count);
        ReadInto(bytes, what);
        return bytes;
    }

    /// <summary>Fills <paramref name="into"/> from the stream.</summary>
    public void ReadInto(Span<byte> into, string what)
    {
        var read = stream.ReadAtLeast(into, into.Length, throwOnEndOfStream: false);
        Position += read;
        if (read < into.Length)
        {
            throw Truncated(what);
        }
    }

    /// <summary>The rest of the stream, at most <paramref name="limit"/> bytes; more is not a gcdump's trailer.</summary>
    public byte[] ReadToEnd(int limit, string what)
    {
        var buffer = new byte[limit + 1];
        var read = stream.ReadAtLeast(buffer, buffer.Length, throwOnEndOfStream: false);
        Position += read;
        if (read > limit)
        {
            throw new GcDumpFormatException($"the {what} is longer than {limit:N0} bytes: this is not a file dotnet-gcdump wrote");
        }
        return buffer[..read];
    }

    /// <summary>Reads one tag and checks that it is <paramref name="expected"/>.</summary>
    public void Expect(Tag expected, string what)
    {
        var tag = ReadByte(what);
        if (tag != (byte)expected)
        {
            throw new GcDumpFormatException($"expected {expected} before the {what} at byte {Position - 1:N0}, found tag {tag}");
        }
    }

    /// <summary>
    /// The start of an object: its BeginObject tag and its type's header (the type's own BeginObject, a null type of
    /// the type, the version, the minimum reader version, the full name, EndObject). Checks the name.
    /// </summary>
    public (int Version, int MinimumReaderVersion) BeginObject(string typeName)
    {
        Expect(Tag.BeginObject, typeName);
        Expect(Tag.BeginObject, typeName + " type");
        Expect(Tag.NullReference, typeName + " type");
        var version = ReadInt32(typeName + " version");
        var minimumReader = ReadInt32(typeName + " minimum reader version");
        var name = ReadString(typeName + " type name", 1024);
        if (name != typeName)
        {
            throw new GcDumpFormatException($"expected a {typeName} object, found '{name}'");
        }
        Expect(Tag.EndObject, typeName + " type");
        return (version, minimumReader);
    }

    private void Fill(int count, string what) => ReadInto(_scratch.AsSpan(0, count), what);

    private GcDumpFormatException Truncated(string what) =>
        new($"the file ends in the middle of the {what} (after {Position:N0} bytes): it was cut short; copy or collect it again");
}

using Tag = MemAnalyzer.GcDump.FastSerializationStream.Tag;

namespace MemAnalyzer.GcDump;

/// <summary>
/// Reads the .gcdump file dotnet-gcdump (and PerfView) write: a FastSerialization stream whose entry object is a
/// GCHeapDump holding a Graphs.MemoryGraph (docs/gcdump-format.md). Only the fields MemAnalyzer uses are kept.
/// </summary>
public static class GcDumpReader
{
    /// <summary>True when <paramref name="stream"/> starts like a FastSerialization file (any gcdump does); reads 24 bytes.</summary>
    public static bool LooksLikeGcDump(Stream stream) => new FastSerializationStream(stream).ReadSignature();

    /// <exception cref="GcDumpFormatException">The stream is not a gcdump, or ends early.</exception>
    public static GcDumpFile Read(Stream stream)
    {
        var input = new FastSerializationStream(stream);
        if (!input.ReadSignature())
        {
            throw new GcDumpFormatException("it does not start with the FastSerialization signature that dotnet-gcdump writes");
        }
        var (dumpVersion, _) = input.BeginObject("GCHeapDump");
        if (dumpVersion < 9)
        {
            throw new GcDumpFormatException($"it is a GCHeapDump of version {dumpVersion}, older than the version 9 that dotnet-gcdump has written since .NET Core 3");
        }
        var (_, graphMinimumReader) = input.BeginObject("Graphs.MemoryGraph");
        if (graphMinimumReader > 0)
        {
            throw new GcDumpFormatException("its graph has deferred types (a .NET Native heap dump by PerfView), which MemAnalyzer does not read");
        }
        var totalBytes = input.ReadInt64("graph's total size");
        var rootNode = input.ReadInt32("graph's root node");
        var types = ReadTypes(input);
        var labels = ReadInt32s(input, "node table");
        var blobLength = input.ReadInt32("node data length");
        if (blobLength < 0)
        {
            throw new GcDumpFormatException($"its node data has a negative length ({blobLength})");
        }
        var blob = input.ReadBytes(blobLength, "node data");
        var addresses = ReadAddresses(input, labels.Length);
        var is64Bit = ReadTaggedBool(input);
        input.Expect(Tag.EndObject, "end of the graph");
        input.ReadByte("GCHeapDump's Is64Bit");
        var countMultiplier = input.ReadSingle("average count multiplier");
        var sizeMultiplier = input.ReadSingle("average size multiplier");
        SkipNullOrObject(input, "JSHeapInfo");
        SkipNullOrObject(input, "DotNetHeapInfo");
        input.ReadString("collection log", int.MaxValue);
        input.ReadInt64("collection time");
        input.ReadString("machine name");
        input.ReadString("process name");
        input.ReadInt32("process id");
        input.ReadInt64("process commit");
        input.ReadInt64("process working set");
        var multipliers = ReadMultipliers(input);
        var file = new GcDumpFile(totalBytes, rootNode, types, labels, blob, addresses, is64Bit, countMultiplier, sizeMultiplier, multipliers, ReadTail(input));
        GcDumpNodes.Validate(file);
        return file;
    }

    private static GcDumpType[] ReadTypes(FastSerializationStream input)
    {
        var count = input.ReadInt32("type count");
        if (count is < 1 or > 1 << 24)
        {
            throw new GcDumpFormatException($"its graph has an impossible number of types ({count:N0})");
        }
        var types = new GcDumpType[count];
        for (var i = 0; i < count; i++)
        {
            var name = input.ReadString("type name") ?? "";
            var size = input.ReadInt32("type size");
            types[i] = new GcDumpType(name, size, input.ReadString("type's module name"));
        }
        return types;
    }

    private static int[] ReadInt32s(FastSerializationStream input, string what)
    {
        var count = input.ReadInt32(what + " count");
        if (count < 0)
        {
            throw new GcDumpFormatException($"its {what} has a negative count ({count})");
        }
        var values = new int[count];
        var bytes = System.Runtime.InteropServices.MemoryMarshal.AsBytes(values.AsSpan());
        input.ReadInto(bytes, what);
        return values;
    }

    private static ulong[] ReadAddresses(FastSerializationStream input, int nodeCount)
    {
        var count = input.ReadInt32("address count");
        if (count != nodeCount)
        {
            throw new GcDumpFormatException($"it lists {count:N0} addresses for {nodeCount:N0} nodes");
        }
        var addresses = new ulong[count];
        input.ReadInto(System.Runtime.InteropServices.MemoryMarshal.AsBytes(addresses.AsSpan()), "object addresses");
        return addresses;
    }

    /// <summary>A tagged bool: the Byte tag and one byte; an EndObject instead means an older writer left it out.</summary>
    private static bool ReadTaggedBool(FastSerializationStream input)
    {
        input.Expect(Tag.Byte, "graph's Is64Bit");
        return input.ReadByte("graph's Is64Bit") != 0;
    }

    /// <summary>dotnet-gcdump writes neither JSHeapInfo nor DotNetHeapInfo (null references); PerfView's heap info is not read.</summary>
    private static void SkipNullOrObject(FastSerializationStream input, string what)
    {
        var tag = input.ReadByte(what);
        if (tag != (byte)Tag.NullReference)
        {
            throw new GcDumpFormatException($"it carries a {what} (a dump written by PerfView, tag {tag}), which MemAnalyzer does not read; dotnet-gcdump writes none");
        }
    }

    private static float[] ReadMultipliers(FastSerializationStream input)
    {
        var count = input.ReadInt32("count multipliers");
        if (count is < 0 or > 1 << 24)
        {
            throw new GcDumpFormatException($"it has an impossible number of count multipliers ({count:N0})");
        }
        var multipliers = new float[count];
        for (var i = 0; i < count; i++)
        {
            multipliers[i] = input.ReadSingle("count multipliers");
        }
        return multipliers;
    }

    /// <summary>
    /// After the multipliers: the tagged InteropInfo (a skip region holding a null reference from dotnet-gcdump), the
    /// tagged creation tool, the GCHeapDump's EndObject, and the stream's trailer, whose last 4 bytes point back into it
    /// (the suffix label). A file cut anywhere before its last byte fails one of these checks.
    /// </summary>
    private static string? ReadTail(FastSerializationStream input)
    {
        input.Expect(Tag.SkipRegion, "interop information");
        input.ReadInt32("interop information");
        var interop = input.ReadByte("interop information");
        if (interop != (byte)Tag.NullReference)
        {
            throw new GcDumpFormatException($"it carries COM interop information (tag {interop}), which MemAnalyzer does not read; dotnet-gcdump writes none");
        }
        string? tool = null;
        var tag = input.ReadByte("creation tool");
        if (tag == (byte)Tag.String)
        {
            tool = input.ReadString("creation tool");
            tag = input.ReadByte("end of the GCHeapDump");
        }
        if (tag != (byte)Tag.EndObject)
        {
            throw new GcDumpFormatException($"expected the end of the GCHeapDump at byte {input.Position - 1:N0}, found tag {tag}");
        }
        var trailerStart = input.Position;
        var trailer = input.ReadToEnd(1 << 20, "stream's trailer");
        if (trailer.Length < 4 || BitConverter.ToUInt32(trailer, trailer.Length - 4) is var label && (label < trailerStart || label > trailerStart + trailer.Length - 4))
        {
            throw new GcDumpFormatException("the file ends in the middle of the stream's trailer: it was cut short; copy or collect it again");
        }
        return tool;
    }
}

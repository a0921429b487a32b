using System.Text;

namespace MemAnalyzer.Tests.Unit.GcDump;

/// <summary>
/// Writes a small .gcdump byte by byte as docs/gcdump-format.md describes it (the layout dotnet-gcdump writes), for the
/// reader's unit tests: a root pseudo-node holding three objects, one of them a size-bucket type with an explicit size.
/// </summary>
public static class GcDumpBytes
{
    public static byte[] Small(string entryType = "GCHeapDump", float countMultiplier = 1f)
    {
        using var stream = new MemoryStream();
        using var w = new BinaryWriter(stream);
        String(w, "!FastSerialization.1");
        TypeHeader(w, entryType, 10, 8);
        TypeHeader(w, "Graphs.MemoryGraph", 1, 0);
        w.Write(24L + 24 + 2000);            // total size
        w.Write(1);                          // root node
        string?[][] types = [["UNDEFINED", "0", null], ["[.NET Roots]", "0", null], ["Acme.Item", "24", "/x/Acme.dll"], ["Acme.Item[] (Bytes > 1K)", "24", "/x/Acme.dll"]];
        w.Write(types.Length);
        foreach (var type in types)
        {
            String(w, type[0]);
            w.Write(int.Parse(type[1]!, System.Globalization.CultureInfo.InvariantCulture));
            String(w, type[2]);
        }
        // Node 0: UNDEFINED; node 1: the root, holding nodes 2 and 3; node 2: an Item referencing node 0; node 3: an array with
        // an explicit size of 2000 referencing node 2; node 4: an Item referencing node 3 (offset -1).
        byte[][] records = [[0, 0], [2, 2, 1, 2], [4, 1, 0x7e], [7, 0x8f, 0x50, 1, 0x7f], [4, 1, 0x7f]];
        var blob = records.SelectMany(r => r).ToArray();
        w.Write(records.Length);
        var offset = 0;
        foreach (var record in records)
        {
            w.Write(offset);
            offset += record.Length;
        }
        w.Write(blob.Length);
        w.Write(blob);
        w.Write(records.Length);
        foreach (var address in new long[] { 0, 0, 0x1000, 0x1018, 0x2000 })
        {
            w.Write(address);
        }
        w.Write((byte)8);                    // tagged Is64Bit
        w.Write((byte)1);
        w.Write((byte)6);                    // end of the graph
        w.Write((byte)1);                    // Is64Bit again
        w.Write(countMultiplier);
        w.Write(1f);
        w.Write((byte)1);                    // no JSHeapInfo
        w.Write((byte)1);                    // no DotNetHeapInfo
        String(w, null);
        w.Write(0L);
        String(w, null);
        String(w, null);
        w.Write(0);
        w.Write(0L);
        w.Write(0L);
        w.Write(0);                          // no count multipliers
        w.Write((byte)12);                   // tagged InteropInfo: none
        w.Write(0);
        w.Write((byte)1);
        w.Write((byte)13);                   // tagged creation tool
        String(w, "unit test");
        w.Write((byte)6);                    // end of the GCHeapDump
        var trailer = (int)stream.Position;
        w.Write((byte)6);
        w.Write(trailer);                    // the suffix label
        w.Flush();
        return stream.ToArray();
    }

    private static void TypeHeader(BinaryWriter w, string name, int version, int minimumReader)
    {
        w.Write((byte)4);
        w.Write((byte)4);
        w.Write((byte)1);
        w.Write(version);
        w.Write(minimumReader);
        String(w, name);
        w.Write((byte)6);
    }

    private static void String(BinaryWriter w, string? value)
    {
        if (value is null)
        {
            w.Write(-1);
            return;
        }
        var bytes = Encoding.UTF8.GetBytes(value);
        w.Write(bytes.Length);
        w.Write(bytes);
    }
}

namespace MemAnalyzer.GcDump;

/// <summary>
/// The variable-length integers of a gcdump's node blob (docs/gcdump-format.md): 7 bits per byte, most significant
/// first, the high bit saying another byte follows; the first byte's 7 bits are sign-extended, so a small negative
/// child offset takes one byte; a fifth byte adds all its 8 bits.
/// </summary>
public static class CompressedInt
{
    /// <summary>Reads one integer at <paramref name="at"/> and moves past it; a blob that ends inside it throws.</summary>
    public static int Read(byte[] blob, ref int at)
    {
        var b = Next(blob, ref at);
        var value = (int)(sbyte)(byte)(b << 1) >> 1;
        for (var i = 0; i < 3 && (b & 0x80) != 0; i++)
        {
            b = Next(blob, ref at);
            value = (value << 7) + (b & 0x7f);
        }
        if ((b & 0x80) != 0)
        {
            b = Next(blob, ref at);
            value = (value << 7) + b;
        }
        return value;
    }

    private static byte Next(byte[] blob, ref int at)
    {
        if ((uint)at >= (uint)blob.Length)
        {
            throw new GcDumpFormatException($"a node of the heap graph runs past the end of its data (byte {at:N0} of {blob.Length:N0})");
        }
        return blob[at++];
    }
}

using System.Text;

namespace MemAnalyzer.Dac;

/// <summary>
/// Reads the "@(#)Version a.b.c.d" string that every native .NET runtime binary (libcoreclr.so, libmscordaccore.so) embeds.
/// </summary>
public static class NativeFileVersion
{
    private static readonly byte[] s_marker = "@(#)Version "u8.ToArray();

    public static Version? Read(string path)
    {
        byte[] bytes;
        try
        {
            bytes = File.ReadAllBytes(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
        var at = bytes.AsSpan().IndexOf(s_marker);
        if (at < 0)
        {
            return null;
        }
        var start = at + s_marker.Length;
        var end = start;
        while (end < bytes.Length && (char.IsAsciiDigit((char)bytes[end]) || bytes[end] == '.'))
        {
            end++;
        }
        return Version.TryParse(Encoding.ASCII.GetString(bytes, start, end - start), out var version) ? version : null;
    }
}

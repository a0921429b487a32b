using System.Text;

namespace MemAnalyzer.Heap;

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

    /// <summary>
    /// The product version a runtime binary belongs to: .NET servicing builds carry it as major.minor.(patch × 100 + n),
    /// so file version 9.0.2226.52218 is runtime 9.0.22.
    /// </summary>
    public static string? ProductVersion(string path) =>
        Read(path) is Version file && file.Build >= 0 ? $"{file.Major}.{file.Minor}.{file.Build / 100}" : null;
}

using System.Text;

namespace MemAnalyzer.Dac;

/// <summary>
/// Reads the "@(#)Version a.b.c.d" string that every native .NET runtime binary (libcoreclr.so, libmscordaccore.so) embeds.
/// </summary>
public static class NativeFileVersion
{
    private const int ChunkSize = 256 * 1024;
    private static readonly byte[] s_marker = "@(#)Version "u8.ToArray();

    /// <summary>The version, or null when the file cannot be read or has no version string.</summary>
    /// <remarks>
    /// Reads the file in chunks through one buffer (the DAC is megabytes; reading it whole cost ~8 ms of a ~70 ms run
    /// on a small dump, mostly fresh pages). Each chunk keeps the previous one's tail, so a string across two chunks is found.
    /// </remarks>
    public static Version? Read(string path)
    {
        try
        {
            using var file = File.OpenHandle(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete);
            // Room for the marker, the longest version text and a chunk.
            const int tail = 64;
            var buffer = new byte[tail + ChunkSize];
            var kept = 0;
            long offset = 0;
            while (true)
            {
                var read = RandomAccess.Read(file, buffer.AsSpan(kept, ChunkSize), offset);
                if (read <= 0)
                {
                    return null;
                }
                offset += read;
                var filled = kept + read;
                var at = buffer.AsSpan(0, filled).IndexOf(s_marker);
                if (at >= 0 && filled - at >= tail)
                {
                    return Parse(buffer.AsSpan(at + s_marker.Length, filled - at - s_marker.Length));
                }
                if (at >= 0)
                {
                    // The marker is near the end of what was read: keep it and read on for the digits.
                    buffer.AsSpan(at, filled - at).CopyTo(buffer);
                    kept = filled - at;
                    var more = RandomAccess.Read(file, buffer.AsSpan(kept, ChunkSize), offset);
                    return Parse(buffer.AsSpan(s_marker.Length, kept + Math.Max(more, 0) - s_marker.Length));
                }
                kept = Math.Min(s_marker.Length - 1, filled);
                buffer.AsSpan(filled - kept, kept).CopyTo(buffer);
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    private static Version? Parse(ReadOnlySpan<byte> text)
    {
        var end = 0;
        while (end < text.Length && (char.IsAsciiDigit((char)text[end]) || text[end] == '.'))
        {
            end++;
        }
        return Version.TryParse(Encoding.ASCII.GetString(text[..end]), out var version) ? version : null;
    }
}

namespace MemAnalyzer.Linux;

/// <summary>
/// A file written whole beside its destination, flushed to disk and then renamed into place, so that the destination is
/// only ever the previous file or the new one, never half of one. The staging name carries the process id, so that
/// parallel runs never write into each other's.
/// </summary>
public static class StagedFile
{
    /// <summary>The staging name beside <paramref name="path"/>: "&lt;path&gt;.&lt;pid&gt;&lt;tag&gt;.tmp".</summary>
    public static string PathFor(string path, string tag = "") => $"{path}.{Environment.ProcessId}{tag}.tmp";

    /// <summary>
    /// Writes the new file beside <paramref name="path"/> with <paramref name="write"/>, flushes it to disk, and hands
    /// its name to <paramref name="place"/>, which renames it into place. The staging file never stays behind.
    /// </summary>
    public static void Write(string path, Action<FileStream> write, Action<string> place)
    {
        var staging = PathFor(path);
        try
        {
            using (var file = new FileStream(staging, FileMode.Create, FileAccess.Write, FileShare.None))
            {
                write(file);
                file.Flush(flushToDisk: true);
            }
            place(staging);
        }
        finally
        {
            File.Delete(staging);
        }
    }
}

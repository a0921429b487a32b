using System.Runtime.InteropServices;

namespace MemAnalyzer.Linux;

/// <summary>
/// A file written whole beside its destination, flushed to disk and then renamed into place, so that the destination is
/// only ever the previous file or the new one, never half of one. The staging name carries the process id, so that
/// parallel runs never write into each other's.
/// </summary>
public static partial class StagedFile
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

    /// <summary>
    /// Puts <paramref name="staging"/> in place at <paramref name="path"/> only if nothing is there, atomically: a hard
    /// link fails when the name exists, where File.Move(overwrite: false) checks and then renames, so two runs that both
    /// saw no file could replace each other's. Returns false when the name exists, or when the file system has no hard
    /// links; the caller then appends under the file's lock instead. The staging name stays for the caller to delete.
    /// </summary>
    public static bool PlaceIfAbsent(string staging, string path)
    {
        if (!OperatingSystem.IsLinux())
        {
            try
            {
                File.Move(staging, path, overwrite: false);
                return true;
            }
            catch (IOException) when (File.Exists(path))
            {
                return false;
            }
        }
        if (NativeMethods.Link(staging, path) == 0)
        {
            return true;
        }
        const int NoSuchDirectory = 2, NotAllowed = 13;
        return Marshal.GetLastPInvokeError() switch
        {
            NoSuchDirectory => throw new DirectoryNotFoundException($"the directory of '{path}' does not exist"),
            NotAllowed => throw new UnauthorizedAccessException($"cannot create '{path}'"),
            _ => false,
        };
    }

    private static partial class NativeMethods
    {
        [LibraryImport("libc", EntryPoint = "link", SetLastError = true, StringMarshalling = StringMarshalling.Utf8)]
        public static partial int Link(string existing, string created);
    }
}

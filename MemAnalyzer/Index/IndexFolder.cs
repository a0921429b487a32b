namespace MemAnalyzer.Index;

/// <summary>
/// Keeps the cache folder within its limit: removes the indexes whose dump is gone or changed, staging files of
/// processes that ended, and then the least recently used indexes until the rest fit. Touches only its own files
/// (*.maidx and their staging files); never a dump.
/// </summary>
internal static class IndexFolder
{
    /// <summary>Returns how many indexes were removed.</summary>
    /// <param name="keep">The index just written: never removed here.</param>
    public static int Trim(IndexSettings settings, string keep)
    {
        var removed = 0;
        foreach (var staging in Directory.EnumerateFiles(settings.Directory, $"*{IndexSettings.Extension}.*.tmp"))
        {
            if (OwnerEnded(staging))
            {
                Delete(staging);
            }
        }
        var kept = new List<FileInfo>();
        foreach (var path in Directory.EnumerateFiles(settings.Directory, $"*{IndexSettings.Extension}"))
        {
            if (path == keep)
            {
                continue;
            }
            if (IsStale(path))
            {
                removed += Delete(path);
                continue;
            }
            kept.Add(new FileInfo(path));
        }
        var total = new FileInfo(keep).Length + kept.Sum(f => f.Length);
        foreach (var file in kept.OrderBy(f => f.LastWriteTimeUtc))
        {
            if (total <= settings.LimitBytes)
            {
                break;
            }
            total -= file.Length;
            removed += Delete(file.FullName);
        }
        return removed;
    }

    /// <summary>A file that is no index, or whose dump is gone or was written anew.</summary>
    private static bool IsStale(string path)
    {
        try
        {
            using var file = new SectionFileReader(path);
            return !IndexHeader.Read(file).StillMatches();
        }
        catch (Exception e) when (e is InvalidDataException or IOException or UnauthorizedAccessException)
        {
            return true;
        }
    }

    /// <summary>"name.maidx.&lt;pid&gt;.tmp" of a process that is not running any more.</summary>
    private static bool OwnerEnded(string staging)
    {
        var parts = Path.GetFileName(staging).Split('.');
        return parts.Length < 2 || !int.TryParse(parts[^2], out var pid) || !Directory.Exists($"/proc/{pid}");
    }

    /// <summary>Removes one of the folder's files: 1 when it went, 0 when it could not (it is checked, and refused, again next time).</summary>
    public static int Delete(string path)
    {
        try
        {
            File.Delete(path);
            return 1;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return 0;
        }
    }
}

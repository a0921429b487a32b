namespace MemAnalyzer.Index;

/// <summary>
/// Keeps the cache folder within its limit: removes the indexes whose dump is gone or changed, staging files of
/// processes that ended, and then the least recently used indexes until the rest fit. Touches only its own files
/// (*.maidx, the files kept beside them, *.maidx.db (<see cref="KeptFile"/>), and their staging files); never a dump.
/// </summary>
internal static class IndexFolder
{
    /// <summary>What DuckDB writes beside a database being made (its write-ahead log), a staging file's too.</summary>
    public const string JournalSuffix = ".wal";

    /// <summary>Returns how many indexes were removed.</summary>
    /// <param name="keep">The index just written: never removed here.</param>
    public static int Trim(IndexSettings settings, string keep)
    {
        var removed = 0;
        foreach (var staging in Directory.EnumerateFiles(settings.Directory, $"*{IndexSettings.Extension}.*.tmp")
            .Concat(Directory.EnumerateFiles(settings.Directory, $"*{IndexSettings.Extension}.*.tmp{JournalSuffix}")))
        {
            if (OwnerEnded(staging))
            {
                Delete(staging);
            }
        }
        // A kept file whose check is gone (removed, or never renamed into place) is read by nothing.
        foreach (var data in Directory.EnumerateFiles(settings.Directory, $"*{IndexSettings.Extension}{KeptFile.DataSuffix}"))
        {
            if (!File.Exists(data[..^KeptFile.DataSuffix.Length]))
            {
                Delete(data);
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
                removed += DeleteWithKept(path);
                continue;
            }
            kept.Add(new FileInfo(path));
        }
        var total = BytesWithKept(keep) + kept.Sum(f => BytesWithKept(f.FullName));
        foreach (var file in kept.OrderBy(f => f.LastWriteTimeUtc))
        {
            if (total <= settings.LimitBytes)
            {
                break;
            }
            total -= BytesWithKept(file.FullName);
            removed += DeleteWithKept(file.FullName);
        }
        return removed;
    }

    /// <summary>An index file's bytes and those of the file kept beside it, if any.</summary>
    private static long BytesWithKept(string path)
    {
        var kept = new FileInfo(path + KeptFile.DataSuffix);
        return new FileInfo(path).Length + (kept.Exists ? kept.Length : 0);
    }

    /// <summary>Removes an index file and the file kept beside it, if any: 1 when the index went.</summary>
    public static int DeleteWithKept(string path)
    {
        Delete(path + KeptFile.DataSuffix);
        return Delete(path);
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

    /// <summary>"name.maidx.&lt;pid&gt;.tmp" (or its ".wal") of a process that is not running any more.</summary>
    private static bool OwnerEnded(string staging)
    {
        var name = Path.GetFileName(staging);
        var parts = (name.EndsWith(JournalSuffix, StringComparison.Ordinal) ? name[..^JournalSuffix.Length] : name).Split('.');
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

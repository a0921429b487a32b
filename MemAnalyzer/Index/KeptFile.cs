using System.IO.Hashing;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Index;

/// <summary>
/// A file a view keeps beside a dump's index (the -sql tables, a DuckDB database; the -suspects answer, JSON): the file itself,
/// "&lt;key&gt;.&lt;kind&gt;.maidx.db", and its check, "&lt;key&gt;.&lt;kind&gt;.maidx", an index file of its own with the
/// same identity section (the dump's path, what names its types, its fingerprint) and one section holding the kept
/// file's format, length and XxHash3. Both are staged and renamed into place, the file before its check
/// (<see cref="KeptFileWriter"/>); a check whose
/// dump changed, whose format is another, or whose file is missing, cut short or changed, is removed with its file and
/// never read. The folder's limit and trimming count both (<see cref="IndexFolder"/>).
/// </summary>
internal static class KeptFile
{
    /// <summary>The kept file's name is its check's and this.</summary>
    public const string DataSuffix = ".db";

    /// <summary>The check file's section that describes the kept file.</summary>
    public const string Section = "kept";

    public static string CheckPath(IndexSettings settings, DumpIndexIdentity identity, string kind) =>
        Path.ChangeExtension(IndexFileName.Of(settings, identity), $".{kind}{IndexSettings.Extension}");

    /// <summary>The kept file when its check passes, else null (a stale or damaged pair is removed, with a note or a warning).</summary>
    public static string? TryRead(IndexSettings settings, DumpIndexIdentity identity, DumpFingerprint dump, string kind, string format, string what,
        Action<string> warn, CancellationToken cancellation)
    {
        var check = CheckPath(settings, identity, kind);
        if (!File.Exists(check))
        {
            return null;
        }
        var data = check + DataSuffix;
        try
        {
            IndexHeader header;
            (string Format, long Length, ulong Hash) kept;
            using (var file = new SectionFileReader(check))
            {
                header = IndexHeader.Read(file);
                kept = file.Read(Section, r => (r.ReadString(), r.ReadInt64(), r.ReadUInt64()));
            }
            if (header.DumpPath != identity.DumpPath || header.Context != identity.Context || header.Dump != dump || kept.Format != format)
            {
                settings.Note?.Invoke($"the {what} of {Path.GetFileName(identity.DumpPath)} were kept of an earlier file at that path or by another version ({header.Built:yyyy-MM-dd HH:mm:ss} UTC): they are made anew");
                IndexFolder.DeleteWithKept(check);
                return null;
            }
            if (!File.Exists(data) || new FileInfo(data).Length != kept.Length || HashOf(data, cancellation) != kept.Hash)
            {
                throw new InvalidDataException($"{data} is missing, or does not match its length or its hash");
            }
            File.SetLastWriteTimeUtc(check, DateTime.UtcNow);
            settings.Note?.Invoke($"the {what} of {Path.GetFileName(identity.DumpPath)} were read from {data} (made {header.Built:yyyy-MM-dd HH:mm:ss} UTC; -noindex: make them anew)");
            return data;
        }
        catch (Exception e) when (e is InvalidDataException or IOException or UnauthorizedAccessException or ArgumentException or OverflowException)
        {
            warn($"the index {check} could not be read ({e.Message}): it was removed, and the {what} are made anew");
            IndexFolder.DeleteWithKept(check);
            return null;
        }
    }

    /// <summary>Starts a kept file at its staging name (<see cref="KeptFileWriter"/>); an earlier staging file of this process is removed.</summary>
    public static KeptFileWriter Start(IndexSettings settings, DumpIndexIdentity identity, DumpFingerprint dump, string kind, string format, string what,
        string readers, Action<string> warn)
    {
        var check = CheckPath(settings, identity, kind);
        var staging = IndexFileName.StagingOf(check + DataSuffix);
        Directory.CreateDirectory(settings.Directory);
        Abandon(IndexFileName.StagingOf(check), staging);
        return new KeptFileWriter(settings, identity, dump, check, format, what, readers, warn);
    }

    /// <summary>Removes a staging pair and the database's journal.</summary>
    public static void Abandon(string stagingCheck, string stagingData)
    {
        IndexFolder.Delete(stagingCheck);
        IndexFolder.Delete(stagingData);
        IndexFolder.Delete(stagingData + IndexFolder.JournalSuffix);
    }

    public static ulong HashOf(string path, CancellationToken cancellation)
    {
        var hash = new XxHash3();
        var buffer = new byte[1 << 20];
        using var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1, FileOptions.SequentialScan);
        int read;
        while ((read = file.Read(buffer)) > 0)
        {
            cancellation.ThrowIfCancellationRequested();
            hash.Append(buffer.AsSpan(0, read));
        }
        return hash.GetCurrentHashAsUInt64();
    }
}

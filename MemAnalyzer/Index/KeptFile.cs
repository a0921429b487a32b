using System.IO.Hashing;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Index;

/// <summary>
/// A file a view keeps beside a dump's index (the -sql tables, a DuckDB database; the -suspects answer, JSON): the file itself,
/// "&lt;key&gt;.&lt;kind&gt;.maidx.db", and its check, "&lt;key&gt;.&lt;kind&gt;.maidx", an index file of its own with the
/// same identity section (the dump's path, what names its types, its fingerprint) and one section holding the kept
/// file's format, length and XxHash3. Both are staged and renamed into place, the file before its check; a check whose
/// dump changed, whose format is another, or whose file is missing, cut short or changed, is removed with its file and
/// never read. The folder's limit and trimming count both (<see cref="IndexFolder"/>).
/// </summary>
internal static class KeptFile
{
    /// <summary>The kept file's name is its check's and this.</summary>
    public const string DataSuffix = ".db";

    private const string Section = "kept";

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

    /// <summary>
    /// <paramref name="write"/> makes the file at the staging path it is given (an <see cref="IOException"/> when it
    /// cannot); it is kept when whole and within the folder's limit. Never fails the analysis: a failure is one warning.
    /// </summary>
    public static void Write(IndexSettings settings, DumpIndexIdentity identity, DumpFingerprint dump, string kind, string format, string what,
        string readers, Action<string> write, Action<string> warn)
    {
        var check = CheckPath(settings, identity, kind);
        var data = check + DataSuffix;
        var (stagingCheck, stagingData) = (IndexFileName.StagingOf(check), IndexFileName.StagingOf(data));
        var name = Path.GetFileName(identity.DumpPath);
        try
        {
            Directory.CreateDirectory(settings.Directory);
            IndexFolder.Delete(stagingData);
            write(stagingData);
            var length = new FileInfo(stagingData).Length;
            if (length > settings.LimitBytes)
            {
                Abandon(stagingCheck, stagingData);
                settings.Note?.Invoke($"the {what} of {name} ({DumpIndexWriter.Megabytes(length)}) are larger than the index folder's limit ({DumpIndexWriter.Megabytes(settings.LimitBytes)}, MEMANALYZER_INDEX_LIMIT_MB): not kept");
                return;
            }
            var hash = HashOf(stagingData, CancellationToken.None);
            using (var file = new SectionFileWriter(stagingCheck))
            {
                new IndexHeader(identity.DumpPath, identity.Context, dump, DateTime.UtcNow).Write(file);
                file.Add(Section, w =>
                {
                    w.Write(format);
                    w.Write(length);
                    w.Write(hash);
                });
                file.Finish();
            }
            File.Move(stagingData, data, overwrite: true);
            File.Move(stagingCheck, check, overwrite: true);
            var removed = IndexFolder.Trim(settings, keep: check);
            settings.Note?.Invoke($"kept the {what} of {name} in {data} ({DumpIndexWriter.Megabytes(length)}): the next {readers} of this dump reads them from there{(removed > 0 ? $" ({removed} older {(removed == 1 ? "index was" : "indexes were")} removed to stay within {DumpIndexWriter.Megabytes(settings.LimitBytes)})" : "")}");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            Abandon(stagingCheck, stagingData);
            warn($"the {what} of {name} could not be kept in {settings.Directory} ({e.Message}): the analysis goes on without them");
        }
    }

    private static void Abandon(string stagingCheck, string stagingData)
    {
        IndexFolder.Delete(stagingCheck);
        IndexFolder.Delete(stagingData);
        IndexFolder.Delete(stagingData + IndexFolder.JournalSuffix);
    }

    private static ulong HashOf(string path, CancellationToken cancellation)
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

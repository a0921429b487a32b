using MemAnalyzer.Heap;

namespace MemAnalyzer.Index;

/// <summary>
/// A kept file being made (<see cref="IKeptFileWriter"/>): the caller writes the file (a database, a JSON answer) at the staging name;
/// <see cref="Keep"/> writes its check (format, length, XxHash3) at a staging name of its own, then renames the file
/// and its check into place, the file first. Dispose removes what is still staged.
/// </summary>
internal sealed class KeptFileWriter(IndexSettings settings, DumpIndexIdentity identity, DumpFingerprint dump, string check, string format, string what,
    string readers, Action<string> warn) : IKeptFileWriter
{
    private readonly string _stagingCheck = IndexFileName.StagingOf(check);

    public string Path { get; } = IndexFileName.StagingOf(check + KeptFile.DataSuffix);

    public string Keep()
    {
        var data = check + KeptFile.DataSuffix;
        var name = System.IO.Path.GetFileName(identity.DumpPath);
        try
        {
            var length = new FileInfo(Path).Length;
            if (length > settings.LimitBytes)
            {
                settings.Note?.Invoke($"the {what} of {name} ({DumpIndexWriter.Megabytes(length)}) are larger than the index folder's limit ({DumpIndexWriter.Megabytes(settings.LimitBytes)}, MEMANALYZER_INDEX_LIMIT_MB): not kept");
                return Path;
            }
            var hash = KeptFile.HashOf(Path, CancellationToken.None);
            using (var file = new SectionFileWriter(_stagingCheck))
            {
                new IndexHeader(identity.DumpPath, identity.Context, dump, DateTime.UtcNow).Write(file);
                file.Add(KeptFile.Section, w =>
                {
                    w.Write(format);
                    w.Write(length);
                    w.Write(hash);
                });
                file.Finish();
            }
            File.Move(Path, data, overwrite: true);
            File.Move(_stagingCheck, check, overwrite: true);
            var removed = IndexFolder.Trim(settings, keep: check);
            settings.Note?.Invoke($"kept the {what} of {name} in {data} ({DumpIndexWriter.Megabytes(length)}): the next {readers} of this dump reads them from there{(removed > 0 ? $" ({removed} older {(removed == 1 ? "index was" : "indexes were")} removed to stay within {DumpIndexWriter.Megabytes(settings.LimitBytes)})" : "")}");
            return data;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            warn($"the {what} of {name} could not be kept in {settings.Directory} ({e.Message}): the analysis goes on without them");
            return File.Exists(Path) ? Path : data;
        }
    }

    public void Dispose() => KeptFile.Abandon(_stagingCheck, Path);
}

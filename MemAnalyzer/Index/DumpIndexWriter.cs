using MemAnalyzer.Heap;
using MemAnalyzer.Retention;

namespace MemAnalyzer.Index;

/// <summary>
/// Writes one dump's index into a staging file beside its place, renamed into place by <see cref="Commit"/>; then the
/// folder is trimmed to its limit. The first failure (a full disk, a folder taken away) removes the staging file and
/// says so once; the calls after it do nothing.
/// </summary>
internal sealed class DumpIndexWriter : ILiveGraphIndexWriter
{
    private readonly IndexSettings _settings;
    private readonly string _path;
    private readonly string _staging;
    private readonly IndexHeader _header;
    private readonly Action<string> _warn;
    private SectionFileWriter? _file;
    private bool _failed;

    public DumpIndexWriter(IndexSettings settings, string path, IndexHeader header, Action<string> warn)
    {
        (_settings, _path, _header, _warn) = (settings, path, header, warn);
        _staging = IndexFileName.StagingOf(path);
        Try(() =>
        {
            _file = new SectionFileWriter(_staging);
            header.Write(_file);
        });
    }

    public void AddGraph(ObjectGraph graph, ObjectBitmap live, IReadOnlyList<string> warnings, RootPaths paths) =>
        Try(() => GraphSections.WriteGraph(_file!, graph, live, warnings, paths));

    public void AddLiveTable(Analysis.HeapSnapshot table) => Try(() => GraphSections.WriteLiveTable(_file!, table));

    public void AddTree(DominatorTree tree) => Try(() => GraphSections.WriteTree(_file!, tree));

    public void Commit() => Try(() =>
    {
        _file!.Finish();
        var bytes = _file.Length;
        _file.Dispose();
        _file = null;
        var name = Path.GetFileName(_header.DumpPath);
        if (bytes > _settings.LimitBytes)
        {
            IndexFolder.Delete(_staging);
            _settings.Note?.Invoke($"the index of {name} ({Megabytes(bytes)}) is larger than the index folder's limit ({Megabytes(_settings.LimitBytes)}, MEMANALYZER_INDEX_LIMIT_MB): not kept");
            return;
        }
        File.Move(_staging, _path, overwrite: true);
        var removed = IndexFolder.Trim(_settings, keep: _path);
        _settings.Note?.Invoke($"kept the live graph and retained sizes of {name} in the index {_path} ({Megabytes(bytes)}): the next {IndexedViews.List} of this dump reads them from there{(removed > 0 ? $" ({removed} older {(removed == 1 ? "index was" : "indexes were")} removed to stay within {Megabytes(_settings.LimitBytes)})" : "")}");
    });

    public void Dispose()
    {
        if (_file is not null)
        {
            Abandon();
        }
    }

    private void Try(Action write)
    {
        if (_failed)
        {
            return;
        }
        try
        {
            write();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            _failed = true;
            Abandon();
            _warn($"the index of {Path.GetFileName(_header.DumpPath)} could not be written to {_settings.Directory} ({e.Message}): the analysis goes on without it");
        }
    }

    /// <summary>Closes and removes the staging file; a close that fails (the last buffer on a full disk) changes nothing.</summary>
    private void Abandon()
    {
        try
        {
            _file?.Dispose();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // The file is removed next, whatever its last buffer held.
        }
        _file = null;
        IndexFolder.Delete(_staging);
    }

    internal static string Megabytes(long bytes) => $"{bytes / 1048576.0:N1} MB";
}

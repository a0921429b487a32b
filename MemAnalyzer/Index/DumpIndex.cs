using MemAnalyzer.Heap;

namespace MemAnalyzer.Index;

/// <summary>
/// The index of dumps' live graphs in the cache folder (<see cref="IndexSettings"/>): one file per dump, named by the
/// dump's path and what names its types, holding the dump's fingerprint. A file whose dump changed since, or that
/// fails any check, is removed and rebuilt, never read. Nothing here fails an analysis: an index that cannot be read
/// is a miss, one that cannot be written is left out with one warning.
/// </summary>
public sealed class DumpIndex(IndexSettings settings) : ILiveGraphIndex
{
    private readonly Dictionary<string, DumpFingerprint> _fingerprints = new(StringComparer.Ordinal);
    private bool _warned;

    public LiveGraph? TryRead(HeapSource source, bool withPaths, bool withTree, CancellationToken cancellation) =>
        TryRead(source, file => GraphSections.Read(file, source.Heap.Segments, withPaths, withTree), cancellation);

    public RetainedTypeTotals? TryReadTotals(HeapSource source, bool withMark, CancellationToken cancellation) =>
        TryRead(source, file => GraphSections.ReadTotals(file, source.Heap.Segments, withMark), cancellation);

    private T? TryRead<T>(HeapSource source, Func<SectionFileReader, T> read, CancellationToken cancellation)
        where T : class
    {
        if (source.IndexIdentity is not { } identity)
        {
            return null;
        }
        var path = IndexFileName.Of(settings, identity);
        if (!File.Exists(path))
        {
            return null;
        }
        try
        {
            IndexHeader header;
            T graph;
            using (var file = new SectionFileReader(path))
            {
                header = IndexHeader.Read(file);
                if (header.DumpPath != identity.DumpPath || header.Context != identity.Context || header.Dump != FingerprintOf(identity))
                {
                    settings.Note?.Invoke($"the index of {Path.GetFileName(identity.DumpPath)} was made of an earlier file at that path ({header.Built:yyyy-MM-dd HH:mm:ss} UTC): it is rebuilt");
                    file.Dispose();
                    IndexFolder.Delete(path);
                    return null;
                }
                cancellation.ThrowIfCancellationRequested();
                graph = read(file);
            }
            // Least recently used goes first when the folder is trimmed: a file read counts as used.
            File.SetLastWriteTimeUtc(path, DateTime.UtcNow);
            settings.Note?.Invoke($"the live graph and retained sizes of {Path.GetFileName(identity.DumpPath)} were read from its index {path} (made {header.Built:yyyy-MM-dd HH:mm:ss} UTC; -noindex: build them anew)");
            return graph;
        }
        catch (Exception e) when (e is InvalidDataException or IOException or UnauthorizedAccessException or ArgumentException or OverflowException)
        {
            Warn($"the index {path} could not be read ({e.Message}): it was removed, and the live graph is built anew");
            IndexFolder.Delete(path);
            return null;
        }
    }

    public ILiveGraphIndexWriter? StartWriting(HeapSource source)
    {
        if (source.IndexIdentity is not { } identity)
        {
            return null;
        }
        try
        {
            Directory.CreateDirectory(settings.Directory);
            var header = new IndexHeader(identity.DumpPath, identity.Context, FingerprintOf(identity), DateTime.UtcNow);
            return new DumpIndexWriter(settings, IndexFileName.Of(settings, identity), header, Warn);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            Warn($"the index cannot be kept in {settings.Directory} ({e.Message}): the analysis goes on without it");
            return null;
        }
    }

    public string? TryReadKept(HeapSource source, string kind, string format, string what, CancellationToken cancellation) =>
        source.IndexIdentity is { } identity && File.Exists(KeptFile.CheckPath(settings, identity, kind))
            ? KeptFile.TryRead(settings, identity, FingerprintOf(identity), kind, format, what, Warn, cancellation)
            : null;

    public IKeptFileWriter? StartKept(HeapSource source, string kind, string format, string what, string readers)
    {
        if (source.IndexIdentity is not { } identity)
        {
            return null;
        }
        try
        {
            return KeptFile.Start(settings, identity, FingerprintOf(identity), kind, format, what, readers, Warn);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            Warn($"the {what} of {Path.GetFileName(identity.DumpPath)} cannot be kept in {settings.Directory} ({e.Message}): the analysis goes on without them");
            return null;
        }
    }

    /// <summary>One warning per run: a cache folder that fails once fails the same way for the other side of a diff.</summary>
    private void Warn(string message)
    {
        if (!_warned)
        {
            _warned = true;
            settings.Warn(message);
        }
    }

    private DumpFingerprint FingerprintOf(DumpIndexIdentity identity)
    {
        lock (_fingerprints)
        {
            if (!_fingerprints.TryGetValue(identity.DumpPath, out var fingerprint))
            {
                fingerprint = DumpFingerprint.Of(identity.DumpPath);
                _fingerprints[identity.DumpPath] = fingerprint;
            }
            return fingerprint;
        }
    }
}

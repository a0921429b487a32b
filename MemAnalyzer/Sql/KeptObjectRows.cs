using MemAnalyzer.Heap;

namespace MemAnalyzer.Sql;

/// <summary>
/// The <c>objects</c> rows of kept tables, which are never stored: each scan of <see cref="ObjectRowsFunction"/> walks
/// the dump, its live mark and live columns from the graph the first query built (while it loads the tables), else
/// from the dump's index, read the first time a scan needs them (mapped): the mark alone for the live column, the
/// graph with its tree and root paths for the others, nothing when the scan fills none (<see cref="ColumnNeeds"/>).
/// Scans may start on several of DuckDB's threads at once.
/// </summary>
internal sealed class KeptObjectRows(HeapSource source, WalkOptions walk, LiveGraph? built, CancellationToken cancellation)
{
    private readonly object _lock = new();
    private LiveGraph? _graph = built;
    private ObjectBitmap? _mark;

    /// <summary>Where the strings' rows of the next scans go (the first query's load); null once they are stored.</summary>
    public StringRowSinks? Strings { get; set; }

    /// <summary>The stream of the last scan started: the type indexes it met, and its walk's failure.</summary>
    public ObjectRowStream? Last { get; private set; }

    /// <summary>The heap's object count, told to DuckDB's planner; null until the load has counted them.</summary>
    public long? Count { get; set; }

    public ObjectRowStream Walk(ColumnNeeds needs)
    {
        var graph = needs.HasFlag(ColumnNeeds.Graph) ? Graph() : null;
        var columns = graph is null ? null : new LiveColumns(graph.Graph, graph.Tree!, graph.Paths!, needs);
        var live = graph?.Live ?? (needs.HasFlag(ColumnNeeds.Mark) ? Mark() : null);
        return Last = new ObjectRowStream(source, walk, live, columns, needs, Strings, cancellation);
    }

    /// <summary>Lets go of the graph the first query built: later scans read the index.</summary>
    public void Release()
    {
        lock (_lock)
        {
            _graph = null;
        }
    }

    private LiveGraph Graph()
    {
        lock (_lock)
        {
            if (_graph?.Tree is null || _graph.Paths is null)
            {
                _graph = LiveGraphReader.Read(source, walk, withPaths: true, cancellation);
            }
            return _graph;
        }
    }

    private ObjectBitmap Mark()
    {
        lock (_lock)
        {
            return _graph?.Live ?? (_mark ??= LiveGraphReader.ReadTotals(source, walk, withMark: true, cancellation).Live!);
        }
    }
}

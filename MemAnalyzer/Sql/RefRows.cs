using MemAnalyzer.Heap;
using MemAnalyzer.Retention;

namespace MemAnalyzer.Sql;

/// <summary>
/// The references of a live graph as <c>_refs</c> rows (<see cref="RefRowsFunction"/>): one row per edge, its source
/// and target addresses and the id of the field that holds it (<see cref="RefFields"/>). Holds only the reference
/// arrays it is given (<see cref="ObjectGraph.EdgeStart"/>, <see cref="ObjectGraph.Edges"/>, taken before the
/// dominators let go of the graph's). The field names are listed (<see cref="RefFieldLayouts.Prepare"/>) before any
/// row is made, so that <c>_fields</c> holds every name a row can have.
/// </summary>
internal sealed class RefRows
{
    /// <summary>Sources handed to a thread at a time, in address order.</summary>
    private const int Block = 512;

    private readonly ObjectAddresses _addresses;
    private readonly int[] _edgeStart;
    private readonly int[] _edges;
    private readonly HeapSource _source;
    private readonly DependentHandles _dependents;
    private readonly int _names;
    private readonly CancellationToken _cancellation;

    public RefRows(ObjectGraph graph, HeapSource source, CancellationToken cancellation)
    {
        (_addresses, _edgeStart, _edges, _source, _cancellation) = (graph.Addresses, graph.EdgeStart, graph.Edges, source, cancellation);
        Layouts = new RefFieldLayouts(source);
        lock (source.Table.ClrMdLock)
        {
            _dependents = DependentHandles.Of(source.Heap);
        }
        _names = Layouts.Prepare();
    }

    /// <summary>The field names by id: the rows of <c>_fields</c>.</summary>
    public RefFieldLayouts Layouts { get; }

    /// <summary>The rows: one per reference.</summary>
    public long Count => _edges.LongLength;

    /// <summary>A new scan of the rows, which its threads share.</summary>
    public Scanning Scan() => new(this);

    /// <summary>One scan: the next block of sources not yet handed to a thread.</summary>
    public sealed class Scanning(RefRows rows)
    {
        private long _next;

        /// <summary>One more thread's reader.</summary>
        public Reader Reader() => new(rows, this);

        /// <summary>The first source of the next block, or -1 when every block was handed out.</summary>
        public int Take()
        {
            var first = Interlocked.Add(ref _next, Block) - Block;
            return first < rows._addresses.Count ? (int)first : -1;
        }
    }

    /// <summary>One thread's rows: its block's sources, and the object whose references it is part way through.</summary>
    public sealed class Reader(RefRows rows, Scanning scan)
    {
        private readonly RefFields _fields = new(rows._source, rows.Layouts, rows._dependents);
        private readonly ulong[] _sources = new ulong[Block];
        private readonly List<int> _unnamed = [];
        private ulong[] _targets = new ulong[64];
        private int[] _ids = new int[64];
        private int _first, _end, _object, _edge, _length = -1;

        /// <summary>Fills up to the spans' length with rows; returns how many (0 when the scan is done).</summary>
        public int Fill(Span<ulong> sources, Span<ulong> targets, Span<int> fields)
        {
            _unnamed.Clear();
            var filled = 0;
            while (filled < sources.Length)
            {
                if (_length < 0 && !NextObject())
                {
                    break;
                }
                var take = Math.Min(_length - _edge, sources.Length - filled);
                sources.Slice(filled, take).Fill(_sources[_object - _first]);
                _targets.AsSpan(_edge, take).CopyTo(targets[filled..]);
                _ids.AsSpan(_edge, take).CopyTo(fields[filled..]);
                for (var r = 0; r < take; r++)
                {
                    if (_ids[_edge + r] < 0)
                    {
                        _unnamed.Add(filled + r);
                    }
                    else if (_ids[_edge + r] >= rows._names)
                    {
                        throw new InvalidOperationException($"the field {rows.Layouts.Names[_ids[_edge + r]]} of 0x{_sources[_object - _first]:x} was not listed before the references were read");
                    }
                }
                filled += take;
                _edge += take;
                if (_edge == _length)
                {
                    (_length, _object) = (-1, _object + 1);
                }
            }
            return filled;
        }

        /// <summary>The rows of the last <see cref="Fill"/> whose field is not known (NULL).</summary>
        public ReadOnlySpan<int> Unnamed => System.Runtime.InteropServices.CollectionsMarshal.AsSpan(_unnamed);

        /// <summary>Moves to the next object with references, its targets and field ids read; false when the scan is done.</summary>
        private bool NextObject()
        {
            while (true)
            {
                if (_object == _end)
                {
                    rows._cancellation.ThrowIfCancellationRequested();
                    var first = scan.Take();
                    if (first < 0)
                    {
                        return false;
                    }
                    (_first, _object, _end) = (first, first, Math.Min(first + Block, rows._addresses.Count));
                    rows._addresses.CopyTo(first, _sources.AsSpan(0, _end - first));
                }
                var length = rows._edgeStart[_object + 1] - rows._edgeStart[_object];
                if (length == 0)
                {
                    _object++;
                    continue;
                }
                if (length > _ids.Length)
                {
                    _ids = new int[Math.Max(length, _ids.Length * 2)];
                    _targets = new ulong[_ids.Length];
                }
                var references = rows._edges.AsSpan(rows._edgeStart[_object], length);
                for (var r = 0; r < length; r++)
                {
                    _targets[r] = rows._addresses[references[r]];
                }
                _fields.Name(_sources[_object - _first], _targets.AsSpan(0, length), _ids.AsSpan(0, length));
                (_length, _edge) = (length, 0);
                return true;
            }
        }
    }
}

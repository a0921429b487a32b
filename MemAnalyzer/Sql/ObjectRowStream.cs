using System.Collections.Concurrent;
using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using StringContent = MemAnalyzer.Strings.StringContent;

namespace MemAnalyzer.Sql;

/// <summary>
/// The <c>objects</c> rows of a heap as a walk hands them over, for DuckDB to read as it asks for them
/// (<see cref="ObjectRowsFunction"/>) instead of storing them: the walk runs on threads of its own, each segment's rows
/// go into a bounded queue (so a slow reader holds back the walk, not memory), and disposing the stream stops the walk
/// (a query that stops early, a failure, a cancellation).
/// </summary>
internal sealed class ObjectRowStream : IDisposable
{
    private readonly BlockingCollection<ObjectRowBlock> _blocks = new(boundedCapacity: 4);
    private readonly ConcurrentBag<ObjectRowBlock> _free = [];
    private readonly ConcurrentBag<Target> _targets = [];
    private readonly CancellationTokenSource _stop;
    private readonly Task _walk;

    /// <param name="live">The live mark; null when the scan does not fill the live column (it is then false).</param>
    /// <param name="graph">The live columns; null when the scan fills none of them (they are then NULL).</param>
    /// <param name="needs">The columns the scan fills: those it does not are not looked up (the generation is then NULL).</param>
    /// <param name="strings">Where each string's row goes as the walk meets it; null when the strings are not read.</param>
    public ObjectRowStream(HeapSource source, WalkOptions walk, ObjectBitmap? live, LiveColumns? graph, ColumnNeeds needs, StringRowSinks? strings,
        CancellationToken cancellation)
    {
        _stop = CancellationTokenSource.CreateLinkedTokenSource(cancellation);
        var token = _stop.Token;
        _walk = Task.Factory.StartNew(() =>
        {
            try
            {
                var visitor = new ObjectRowVisitor(() => Add(new Target(source.Table, _blocks, _free, strings?.Next(), token)),
                    strings is null ? null : new StringContent(source.Memory), live, needs.HasFlag(ColumnNeeds.Generation) ? new GenerationRanges(source.Heap.Segments) : null, graph);
                ObjectScan.Run(source, ObjectSelection.All, null, ref visitor, walk.Threads, token);
            }
            catch (Exception e)
            {
                Failure = e;
            }
            finally
            {
                _blocks.CompleteAdding();
            }
        }, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
    }

    /// <summary>The MethodTable indexes that have at least one object, once the walk is done: the rows of the type-name table.</summary>
    public IEnumerable<int> SeenTypes => _targets.SelectMany(t => t.SeenTypes).Distinct().Order();

    private Target Add(Target target)
    {
        _targets.Add(target);
        return target;
    }

    /// <summary>Why the walk ended early (damage, a cancellation); null while it runs or when it walked the whole heap.</summary>
    public Exception? Failure { get; private set; }

    /// <summary>
    /// The next segment's rows; null when the walk is done. A walk that failed throws its failure here. The block before
    /// is handed back: read it no more.
    /// </summary>
    public ObjectRowBlock? Next(ObjectRowBlock? done)
    {
        if (done is not null)
        {
            _free.Add(done);
        }
        foreach (var block in _blocks.GetConsumingEnumerable())
        {
            return block;
        }
        if (Failure is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(Failure);
        }
        return null;
    }

    /// <summary>
    /// Runs a statement that scans the rows (its first value, the count of rows stored or counted); a walk's own failure
    /// (damage, a cancellation) is thrown instead of DuckDB's report of it.
    /// </summary>
    public static long Scan(DuckDB.NET.Data.DuckDBConnection connection, string statement, Func<ObjectRowStream?> walked)
    {
        try
        {
            using var command = connection.CreateCommand();
            command.CommandText = statement;
            return Convert.ToInt64(command.ExecuteScalar(), System.Globalization.CultureInfo.InvariantCulture);
        }
        catch (DuckDB.NET.Data.DuckDBException) when (walked()?.Failure is { } failure)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(failure);
            throw;
        }
    }

    public void Dispose()
    {
        _stop.Cancel();
        // Unblock a walk thread waiting for room in the queue, then wait for the walk to end.
        while (!_walk.IsCompleted)
        {
            while (_blocks.TryTake(out _))
            {
            }
            _walk.Wait(TimeSpan.FromMilliseconds(10));
        }
        _blocks.Dispose();
        _stop.Dispose();
    }

    private sealed class Target(MethodTableInfoTable table, BlockingCollection<ObjectRowBlock> blocks, ConcurrentBag<ObjectRowBlock> free,
        DuckDB.NET.Data.DuckDBAppender? strings, CancellationToken stop) : IObjectRowTarget
    {
        /// <summary>The MethodTable of each type index this thread met; 0 for those it did not.</summary>
        private ulong[] _methodTables = new ulong[256];

        public IEnumerable<int> SeenTypes => Enumerable.Range(0, _methodTables.Length).Where(i => _methodTables[i] != 0);

        public void Append(ObjectRowBuffer buffer)
        {
            foreach (var type in buffer.Types)
            {
                if (type >= _methodTables.Length)
                {
                    Array.Resize(ref _methodTables, Math.Max(2 * _methodTables.Length, type + 1));
                }
                if (_methodTables[type] == 0)
                {
                    _methodTables[type] = table.TypeAt(type).MethodTable;
                }
            }
            if (strings is not null)
            {
                StringRowSinks.Append(strings, buffer);
            }
            if (buffer.Count > 0)
            {
                blocks.Add((free.TryTake(out var block) ? block : new ObjectRowBlock()).Fill(buffer, _methodTables), stop);
            }
        }
    }
}

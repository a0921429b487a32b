using DuckDB.NET.Data;

namespace MemAnalyzer.Sql;

/// <summary>
/// The sinks of one load of <c>_objects</c>, one per walk thread, each on a connection of its own to the same
/// database and catalog (DuckDB appends from several connections at once; each commits when its sink is disposed).
/// </summary>
internal sealed class ObjectRowSinks(DuckDBConnection connection, bool withStrings) : IDisposable
{
    private readonly List<(DuckDBConnection Connection, ObjectRowSink Sink)> _sinks = [];
    private readonly string _catalog = CatalogOf(connection);

    /// <summary>A sink for one more walk thread.</summary>
    public ObjectRowSink Next()
    {
        var own = connection.Duplicate();
        try
        {
            own.Open();
            SqlStatements.Execute(own, $"USE \"{_catalog.Replace("\"", "\"\"")}\";");
            var sink = new ObjectRowSink(new ChunkAppender(own, "_objects"), withStrings ? own.CreateAppender("strings") : null);
            lock (_sinks)
            {
                _sinks.Add((own, sink));
            }
            return sink;
        }
        catch
        {
            own.Dispose();
            throw;
        }
    }

    private static string CatalogOf(DuckDBConnection connection)
    {
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT current_database()";
        return (string)command.ExecuteScalar()!;
    }

    /// <summary>The MethodTable indexes that have at least one object, over every sink: the rows of the type-name table.</summary>
    public IEnumerable<int> SeenTypes => _sinks.SelectMany(s => s.Sink.SeenTypes).Distinct().Order();

    /// <summary>Appends what each sink holds and closes it (the first failure is thrown once every sink is closed).</summary>
    public void Dispose()
    {
        Exception? failure = null;
        foreach (var (own, sink) in _sinks)
        {
            try
            {
                sink.Dispose();
            }
            catch (Exception e)
            {
                failure ??= e;
            }
            own.Dispose();
        }
        _sinks.Clear();
        if (failure is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(failure);
        }
    }
}

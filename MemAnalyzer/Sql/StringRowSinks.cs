using DuckDB.NET.Data;

namespace MemAnalyzer.Sql;

/// <summary>
/// The appenders of the <c>strings</c> table, one per walk thread, each on a connection of its own to the same
/// database and catalog (DuckDB appends from several connections at once; each commits when disposed).
/// </summary>
internal sealed class StringRowSinks(DuckDBConnection connection) : IDisposable
{
    private readonly List<(DuckDBConnection Connection, DuckDBAppender Strings)> _sinks = [];
    private readonly string _catalog = SqlStatements.Catalog(connection);

    /// <summary>An appender for one more walk thread.</summary>
    public DuckDBAppender Next()
    {
        var own = SqlStatements.Beside(connection, _catalog);
        try
        {
            var strings = own.CreateAppender("strings");
            lock (_sinks)
            {
                _sinks.Add((own, strings));
            }
            return strings;
        }
        catch
        {
            own.Dispose();
            throw;
        }
    }

    /// <summary>Appends one walked segment's strings: address, length (NULL when unreadable) and value.</summary>
    public static void Append(DuckDBAppender strings, ObjectRowBuffer buffer)
    {
        foreach (var (address, length, value) in buffer.Strings)
        {
            strings.CreateRow().AppendValue(address).AppendValue(length < 0 ? null : (int?)length).AppendValue(value).EndRow();
        }
    }

    /// <summary>Closes every appender, which appends what it holds (the first failure is thrown once every one is closed).</summary>
    public void Dispose()
    {
        Exception? failure = null;
        foreach (var (own, strings) in _sinks)
        {
            try
            {
                strings.Dispose();
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

using DuckDB.NET.Data;

namespace MemAnalyzer.Sql;

/// <summary>Runs statements and the user's query on a DuckDB connection; a failure of the query is one line with the engine's words.</summary>
public static class SqlStatements
{
    /// <summary>Statements of the tool itself (the schema, an export's COPY): a failure is the tool's, not the query's.</summary>
    /// <summary>The connection's current catalog (ask it while no statement runs on the connection).</summary>
    public static string Catalog(DuckDBConnection connection)
    {
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT current_database()";
        return (string)command.ExecuteScalar()!;
    }

    /// <summary>
    /// A connection of its own to the same database, on <paramref name="catalog"/> (<see cref="Catalog"/>), for
    /// another thread (DuckDB appends and scans from several connections at once); the caller disposes it.
    /// </summary>
    public static DuckDBConnection Beside(DuckDBConnection connection, string catalog)
    {
        var own = connection.Duplicate();
        try
        {
            own.Open();
            Execute(own, $"USE \"{catalog.Replace("\"", "\"\"")}\";");
            return own;
        }
        catch
        {
            own.Dispose();
            throw;
        }
    }

    public static void Execute(DuckDBConnection connection, string statements)
    {
        using var command = connection.CreateCommand();
        command.CommandText = statements;
        command.ExecuteNonQuery();
    }

    /// <summary>
    /// The query planned on the empty tables, before any heap is read: a syntax error or an unknown table or column
    /// fails at once, not after the walk.
    /// </summary>
    public static void Check(DuckDBConnection connection, string query)
    {
        try
        {
            using var command = connection.CreateCommand();
            command.CommandText = "EXPLAIN " + query;
            command.ExecuteNonQuery();
        }
        catch (DuckDBException e)
        {
            throw Failed(e, "EXPLAIN ");
        }
    }

    /// <summary>The query's columns and rows; exit <see cref="ExitCodes.SqlQueryFailed"/> with the engine's message when it fails.</summary>
    public static SqlResult Query(DuckDBConnection connection, string query, CancellationToken cancellation)
    {
        try
        {
            using var command = connection.CreateCommand();
            command.CommandText = query;
            using var reader = command.ExecuteReader();
            var columns = Enumerable.Range(0, reader.FieldCount).Select(reader.GetName).ToArray();
            var rows = new List<object?[]>();
            while (reader.Read())
            {
                cancellation.ThrowIfCancellationRequested();
                var row = new object?[columns.Length];
                for (var i = 0; i < row.Length; i++)
                {
                    row[i] = reader.IsDBNull(i) ? null : reader.GetValue(i);
                }
                rows.Add(row);
            }
            return new SqlResult(columns, rows);
        }
        catch (DuckDBException e)
        {
            throw Failed(e);
        }
    }

    /// <summary>The engine's message on one line, and where the tables are described.</summary>
    /// <param name="prefix">What the tool put before the user's query, left out of the message.</param>
    public static MemAnalyzerException Failed(DuckDBException e, string prefix = "") =>
        new(ExitCodes.SqlQueryFailed,
            $"the SQL query failed: {string.Join(' ', (prefix.Length == 0 ? e.Message : e.Message.Replace(prefix, "", StringComparison.Ordinal)).Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))} " +
            $"(the tables are {string.Join(", ", SqlSchema.Tables)}: see the README's SQL section)");
}

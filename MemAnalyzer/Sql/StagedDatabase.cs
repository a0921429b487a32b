using DuckDB.NET.Data;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Sql;

/// <summary>A database written at its staging name to be kept beside a dump's index (<see cref="KeptTables"/>, <see cref="KeptRefs"/>).</summary>
internal static class StagedDatabase
{
    /// <summary>Detaches the database and removes its file: one not kept, or left by a failure or a cancellation.</summary>
    public static void Remove(DuckDBConnection connection, string alias, IKeptFileWriter writer)
    {
        try
        {
            SqlStatements.Execute(connection, $"USE memory; DETACH DATABASE IF EXISTS {alias};");
        }
        catch (DuckDBException)
        {
            // A connection that failed mid-statement: the file is removed all the same.
        }
        writer.Dispose();
    }
}

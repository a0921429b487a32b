using DuckDB.NET.Data;

namespace MemAnalyzer.Sql;

/// <summary>
/// The rows -export writes of each table: the query's tables, except that the names repeated on every row (an
/// object's type and generation, a reference's field) are DuckDB ENUMs made for the export in the in-memory catalog.
/// The Parquet writer then writes an ENUM's numbers against one dictionary (still a UTF8 string column to every
/// reader), instead of hashing 10^7 strings to find each row group's dictionary.
/// </summary>
internal static class ExportRows
{
    private const string Types = "memory.main._export_types", Fields = "memory.main._export_fields";
    private const string TypeName = "memory.main._export_type", FieldName = "memory.main._export_field", Generation = "memory.main._export_generation";
    private const string DumpName = "memory.main._export_dump";

    /// <summary>The select of each table's rows with the <c>dump</c> column, by the table's name; the ENUMs are made here.</summary>
    public static IReadOnlyDictionary<string, string> Of(DuckDBConnection connection, string dump)
    {
        SqlStatements.Execute(connection, $"""
            CREATE TYPE {Generation} AS ENUM ({string.Join(", ", SqlSchema.Generations.Select(ParquetExport.Literal))});
            CREATE TYPE {DumpName} AS ENUM ({ParquetExport.Literal(dump)});
            """);
        var rows = SqlSchema.Tables.ToDictionary(table => table, table => $"SELECT * FROM {table}");
        rows["objects"] = SqlSchema.ObjectsOf(Named(connection, "_types", "type_id", "type", Types, TypeName), $"{SqlSchema.GenerationList}::{Generation}[]");
        rows["refs"] = SqlSchema.RefsOf(Named(connection, "_fields", "field_id", "field", Fields, FieldName));
        return rows.ToDictionary(row => row.Key, row => $"SELECT *, {ParquetExport.Literal(dump)}::{DumpName} AS dump FROM ({row.Value})");
    }

    /// <summary>
    /// <paramref name="table"/> (id, name) as a table of the in-memory catalog whose names are an ENUM of its distinct
    /// names; the table itself when it has no name (an ENUM has at least one value).
    /// </summary>
    private static string Named(DuckDBConnection connection, string table, string id, string name, string into, string type)
    {
        using (var command = connection.CreateCommand())
        {
            command.CommandText = $"SELECT count({name}) FROM {table}";
            if (Convert.ToInt64(command.ExecuteScalar(), System.Globalization.CultureInfo.InvariantCulture) == 0)
            {
                return table;
            }
        }
        SqlStatements.Execute(connection, $"""
            CREATE TYPE {type} AS ENUM (SELECT DISTINCT {name} FROM {table} WHERE {name} IS NOT NULL ORDER BY ALL);
            CREATE TABLE {into} AS SELECT {id}, {name}::{type} AS {name} FROM {table};
            """);
        return into;
    }
}

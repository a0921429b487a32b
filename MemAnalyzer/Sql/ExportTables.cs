using DuckDB.NET.Data;

namespace MemAnalyzer.Sql;

/// <summary>
/// -sql -f &lt;export folder&gt; (one or several, or a pattern of them): the tables of every dump -export wrote there,
/// as views over their Parquet files, so that one query compares them (<c>GROUP BY dump</c>). Each row also names its
/// folder (<c>export</c>): two folders may hold a dump of the same name (nightly/1/dump=app.dmp, nightly/2/dump=app.dmp).
/// </summary>
public static class ExportTables
{
    public static void Attach(DuckDBConnection connection, IReadOnlyList<string> folders)
    {
        foreach (var folder in folders.Where(f => ParquetExport.Dumps(f).Count == 0))
        {
            throw new MemAnalyzerException(ExitCodes.InvalidArguments,
                $"{folder} holds no export (no dump=<name> folder): write one with -f <dump> -export {folder}");
        }
        foreach (var table in SqlSchema.Tables)
        {
            var files = string.Join(", ", folders.Distinct().Select(f => ParquetExport.Literal(ParquetExport.Files(f, table))));
            // filename is <folder>/dump=<name>/<table>.parquet: its folder's folder is the export folder.
            SqlStatements.Execute(connection, $"""
                CREATE VIEW {table} AS SELECT * EXCLUDE (filename), parse_dirpath(parse_dirpath(filename)) AS export
                FROM read_parquet([{files}], hive_partitioning = false, union_by_name = true, filename = true)
                """);
        }
    }
}

using DuckDB.NET.Data;

namespace MemAnalyzer.Sql;

/// <summary>
/// -sql -f &lt;export folder&gt;: the tables of every dump -export wrote there, as views over their Parquet files, so
/// that one query compares them (<c>GROUP BY dump</c>).
/// </summary>
public static class ExportTables
{
    public static void Attach(DuckDBConnection connection, string folder)
    {
        if (ParquetExport.Dumps(folder).Count == 0)
        {
            throw new MemAnalyzerException(ExitCodes.InvalidArguments,
                $"{folder} holds no export (no dump=<name> folder): write one with -f <dump> -export {folder}");
        }
        foreach (var table in SqlSchema.Tables)
        {
            var files = Path.Combine(folder, "dump=*", table + ".parquet");
            SqlStatements.Execute(connection, $"CREATE VIEW {table} AS SELECT * FROM read_parquet({ParquetExport.Literal(files)}, hive_partitioning = false, union_by_name = true)");
        }
    }
}

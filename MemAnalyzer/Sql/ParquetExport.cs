using DuckDB.NET.Data;
using MemAnalyzer.Linux;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Sql;

/// <summary>
/// -export: the tables of one dump as Parquet files in <c>&lt;dir&gt;/dump=&lt;name&gt;/</c> (Hive partitioning, so
/// that DuckDB, Spark, Trino or pandas read the folder as one table per name), each row with a <c>dump</c> column.
/// The files are written into a staging folder beside, then renamed into place: an export is whole or absent.
/// </summary>
public static class ParquetExport
{
    private const string Prefix = "dump=";

    /// <summary>
    /// The bytes a column's dictionary may reach before the Parquet writer gives it up for plain values: small, so that
    /// columns of unique numbers (addresses) give it up after a few hundred rows instead of hashing each row group's
    /// values (a third of the objects' write time), while those of few values (sizes, live) keep it. The names are
    /// ENUMs (<see cref="ExportRows"/>), written against their own dictionary whatever this limit.
    /// </summary>
    private const int DictionaryLimit = 4096;

    /// <summary>The dump's partition name: the dump file's name, or pid&lt;N&gt; for a process.</summary>
    public static string DumpName(TargetSpec target) => target.DumpPath is { } path ? Path.GetFileName(path) : $"pid{target.ProcessId}";

    /// <summary>Before the target is read: the folder can be written and does not hold this dump yet (unless -overwrite).</summary>
    public static void Check(string folder, string dump, bool overwrite)
    {
        try
        {
            Directory.CreateDirectory(folder);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw NotWritable(folder, e.Message.TrimEnd('.'));
        }
        if (!WritableDirectory.CanCreateIn(folder))
        {
            throw NotWritable(folder, "permission denied");
        }
        if (!overwrite && Directory.Exists(Path.Combine(folder, Prefix + dump)))
        {
            throw new MemAnalyzerException(ExitCodes.ExportExists,
                $"{Path.Combine(folder, Prefix + dump)} already holds an export of {dump}: add -overwrite to replace it, or export into another folder");
        }
    }

    /// <summary>Writes every table and moves the folder into place; returns the dump's folder.</summary>
    public static string Write(DuckDBConnection connection, string folder, string dump, bool overwrite)
    {
        var final = Path.Combine(folder, Prefix + dump);
        var staging = Path.Combine(folder, $".{Prefix}{dump}.staging-{Environment.ProcessId}");
        try
        {
            Directory.CreateDirectory(staging);
            var rows = ExportRows.Of(connection, dump);
            foreach (var table in SqlSchema.Tables)
            {
                var file = Path.Combine(staging, table + ".parquet");
                SqlStatements.Execute(connection, $"COPY ({rows[table]}) TO {Literal(file)} (FORMAT parquet, DICTIONARY_SIZE_LIMIT {DictionaryLimit})");
            }
            if (overwrite && Directory.Exists(final))
            {
                var old = staging + ".old";
                Directory.Move(final, old);
                Directory.Move(staging, final);
                Directory.Delete(old, recursive: true);
            }
            else
            {
                Directory.Move(staging, final);
            }
            return final;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or DuckDBException)
        {
            if (Directory.Exists(staging))
            {
                Directory.Delete(staging, recursive: true);
            }
            throw NotWritable(folder, e.Message.TrimEnd('.'));
        }
    }

    /// <summary>A text as a SQL string literal.</summary>
    public static string Literal(string text) => "'" + text.Replace("'", "''", StringComparison.Ordinal) + "'";

    /// <summary>The glob of one table's files of every dump in an export folder.</summary>
    public static string Files(string folder, string table) => Path.Combine(folder, Prefix + "*", table + ".parquet");

    /// <summary>The dumps' folders an export folder holds.</summary>
    public static IReadOnlyList<string> Dumps(string folder) =>
        [.. Directory.EnumerateDirectories(folder, Prefix + "*").Select(Path.GetFileName).OfType<string>().Order(StringComparer.Ordinal)];

    private static MemAnalyzerException NotWritable(string folder, string why) =>
        new(ExitCodes.OutputNotWritable, $"cannot export into {folder}: {why}; choose a folder you can write");
}

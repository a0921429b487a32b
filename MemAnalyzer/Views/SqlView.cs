using MemAnalyzer.Commands;
using MemAnalyzer.Output;
using MemAnalyzer.Sql;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>
/// -sql "&lt;query&gt;": the heap as tables (objects, refs, roots, types, strings, fields('&lt;type&gt;')) in an embedded DuckDB, the query's
/// result as a table, CSV or JSON; -export &lt;dir&gt;: the same tables as Parquet files partitioned by dump; -sql with
/// -f &lt;export folder&gt; (several -f, or a pattern of folders) queries exported dumps together. libduckdb.so is loaded
/// only here.
/// </summary>
public sealed class SqlView : View
{
    public override IReadOnlyList<ViewSwitch> Switches { get; } =
    [
        ViewSwitch.Single("-sql|--sql <QUERY>", "Runs a SQL query (DuckDB) over the heap's tables: objects, refs, roots, types, strings, fields('<type>') (see the README's SQL section). With -f <export folder> (several -f, or a pattern such as 'nightly/*'): over the dumps -export wrote there. Prints a table; -o x.csv, -o x.json and -format json write the rows."),
        ViewSwitch.Single("-export|--export <DIR>", "Writes the heap's tables as Parquet files, one folder per dump: <DIR>/dump=<name>/objects.parquet, ... (with a dump column). A dump already there needs -overwrite."),
    ];

    protected override string OwnText => "-sql and -export are views of their own (the heap as tables)";

    protected override IReadOnlyList<string> Accepts { get; } = [];

    public override TargetNeeds Needs => TargetNeeds.StringValues;

    public override bool TakesOverwrite(Func<string, bool> has) => has("-export");

    public override string? FolderMark(Func<string, bool> has) => has("-sql") && !has("-export") ? ParquetExport.Files("", SqlSchema.Objects) : null;

    public override CommandRequest Build(ViewLine line)
    {
        RefuseOtherViews(line);
        if (line.Second is not null)
        {
            throw ViewLine.Invalid("-sql and -export read one target: leave out -f2/-pid2 (export both dumps, then query the export folder: -sql '... GROUP BY dump' -f <folder>)");
        }
        var query = line.Value("-sql");
        if (query is not null && query.Trim().Length == 0)
        {
            throw ViewLine.Invalid("-sql needs a query: -sql \"SELECT type, count(*) FROM objects GROUP BY type\"");
        }
        var export = line.Value("-export");
        if (export is not null && query is null && line.Output.WritesRows)
        {
            throw ViewLine.Invalid("-export writes Parquet files: leave out -o and -format json, or add -sql for a query's rows");
        }
        var folders = ExportFolders(line);
        if (folders is not null && (export is not null || query is null))
        {
            throw ViewLine.Invalid($"{folders[0]} is a folder: -sql \"<query>\" -f <folder> queries an export; -export reads a dump or a process");
        }
        return new ViewRequest<SqlOptions>(this, line.First, null, Analysis.SizeUnit.Bytes, line.Output, ShowUnchanged: false,
            new SqlOptions(query, export, line.Has("-overwrite"), folders));
    }

    /// <summary>The export folders -f names (one, several, or a pattern's), or null for one dump or process.</summary>
    private IReadOnlyList<string>? ExportFolders(ViewLine line)
    {
        if (line.Batch is null)
        {
            return line.First.DumpPath is { } path && Directory.Exists(path) ? [path] : null;
        }
        if (line.Has("-export"))
        {
            throw ViewLine.Invalid("-export writes the tables of one dump or process: give one -f <dump>, and export each dump of a fleet into the same folder");
        }
        var dump = line.Batch.FirstOrDefault(path => !Directory.Exists(path));
        if (dump is not null)
        {
            throw ViewLine.Invalid($"{dump} is not an export folder: -sql reads one dump or process, or the folders -export wrote (several -f <folder>, or a pattern of them); export each dump, then query the folders");
        }
        return line.Batch;
    }

    public override int Run(CommandRequest request, RunContext context)
    {
        var sql = (ViewRequest<SqlOptions>)request;
        var (target, output, options) = (sql.Target, sql.Output, sql.Options);
        if (GcDumpTarget.Is(target))
        {
            throw GcDumpTarget.Refusal(Name, Needs);
        }
        Validate(output);
        if (options.Export is { } folder)
        {
            ParquetExport.Check(folder, ParquetExport.DumpName(target), options.Overwrite);
        }
        using var engine = new SqlEngine();
        var connection = engine.Connection;
        var fieldTypes = options.Query is null ? [] : FieldTables.TypesIn(options.Query);
        if (options.ExportFolders is { } folders)
        {
            if (fieldTypes.Count > 0)
            {
                throw new MemAnalyzerException(ExitCodes.InvalidArguments,
                    $"fields('{fieldTypes[0]}') reads a dump or a process: an export holds no fields (run the query with -f <dump>)");
            }
            ExportTables.Attach(connection, folders);
            Write(SqlStatements.Query(connection, options.Query!, context.Cancellation), output, context);
            return ExitCodes.Success;
        }
        SqlStatements.Execute(connection, SqlSchema.Create);
        // A query that names fields('…') is planned after the load: its columns are the type's fields, known only then.
        if (options.Query is not null && fieldTypes.Count == 0)
        {
            SqlStatements.Check(connection, options.Query);
        }
        var needs = options.Query is null ? SqlTableNeeds.All : SqlTableNeeds.Of(options.Query);
        if (options.Export is not null)
        {
            needs = SqlTableNeeds.All;
        }
        using var kept = new KeptTables(engine);
        // Rows read from the heap as the query asks for them need the dump open while it runs (never a live process,
        // which would stay paused): the damage gate, the export and the query then run before the dump is closed.
        var whileOpen = target.DumpPath is not null;
        var (heap, report) = SnapshotReader.Read(target, context.Dac,
            (source, token) =>
            {
                var read = kept.Load(source, context.Walk, needs, token, context.Progress(writingCsv: output.WritesRows), readObjects: whileOpen);
                if (whileOpen)
                {
                    // The heap's warnings come before the gate's error and the rows, as when the target is closed first.
                    Notes.WriteWarnings(context.Error, read?.Warnings ?? []);
                    ViewRunner.Gate(read, context, null);
                    Answer(connection, target, options, output, context);
                }
                return read;
            }, context.Cancellation);
        // A damaged heap fails the run before any row is printed or exported (a heap read from kept tables was whole).
        var warnings = heap?.Warnings ?? [];
        Notes.Write(context.Error, whileOpen ? [] : warnings, report, context.Silent, namesMissing: warnings.Any(Heap.UnnamedTypesWarning.Is));
        if (!whileOpen)
        {
            ViewRunner.Gate(heap, context, null);
            Answer(connection, target, options, output, context);
        }
        return ExitCodes.Success;
    }

    /// <summary>The export and the query, over the loaded tables.</summary>
    private static void Answer(DuckDB.NET.Data.DuckDBConnection connection, TargetSpec target, SqlOptions options, ReportDestination output, RunContext context)
    {
        if (options.Export is { } into)
        {
            var written = ParquetExport.Write(connection, into, ParquetExport.DumpName(target), options.Overwrite);
            if (!context.Silent)
            {
                context.Error.WriteLine($"note: exported the tables to {written}");
            }
        }
        if (options.Query is { } query)
        {
            Write(SqlStatements.Query(connection, FieldTables.Rewrite(query), context.Cancellation), output, context);
        }
    }

    /// <summary>The output files are checked before any target is read, as every view does.</summary>
    private static void Validate(ReportDestination output)
    {
        if (output.Csv is { } csv)
        {
            JsonReportFile.Validate(csv.Target.Path);
        }
        output.Json?.Validate();
    }

    private static void Write(SqlResult result, ReportDestination output, RunContext context)
    {
        if (output.Csv is { } csv)
        {
            Note(context, $"note: writing output to csv file {csv.Target.Path}");
            SqlResultWriter.File(csv.Target.Path, stream => SqlResultWriter.Csv(stream, result, csv.Target.Separator));
        }
        if (output.Json is { } json)
        {
            if (json.Path is null)
            {
                context.Out.Flush();
                using var stdout = new MemoryStream();
                SqlResultWriter.Json(stdout, result);
                context.Out.WriteLine(System.Text.Encoding.UTF8.GetString(stdout.ToArray()));
            }
            else
            {
                Note(context, json.Notice());
                SqlResultWriter.File(json.Path, stream => SqlResultWriter.Json(stream, result));
            }
        }
        if (!output.WritesRows)
        {
            SqlResultWriter.Table(context.Out, result);
        }
    }

    private static void Note(RunContext context, string line)
    {
        if (!context.Silent)
        {
            context.Error.WriteLine(line);
        }
    }

    /// <summary>-sql's query (or null), -export's folder (or null), -overwrite, and the export folders -f names (or null).</summary>
    public sealed record SqlOptions(string? Query, string? Export, bool Overwrite, IReadOnlyList<string>? ExportFolders);
}

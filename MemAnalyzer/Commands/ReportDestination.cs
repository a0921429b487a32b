using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>
/// Where a run's report goes, for every mode that writes rows: the console table, unless -o or -format json send the
/// rows to a CSV file or a JSON document; and -resultfile's one number. It checks the files before any target is read
/// and holds the one fork between the console and the files. -html adds the page of the analysis beside whichever of them.
/// </summary>
/// <param name="ResultFile">-resultfile: where to write the allocated KB.</param>
/// <param name="Html">-html: the page of the analysis, written in addition to the table or the rows.</param>
public sealed record ReportDestination(CsvOutput? Csv = null, JsonOutput? Json = null, string? ResultFile = null, HtmlOutput? Html = null)
{
    /// <summary>The table on the console, and nothing else.</summary>
    public static ReportDestination Console { get; } = new();

    /// <summary>The rows go to a CSV file or a JSON document instead of the console.</summary>
    public bool WritesRows => Csv is not null || Json is not null;

    /// <summary>Checked before any target is read, so that a long walk never ends in "cannot write".</summary>
    public void Validate<TRow>(CsvSchema<TRow> schema)
    {
        Csv?.Validate(schema);
        Json?.Validate();
        ResultFileWriter.Validate(ResultFile);
        Html?.Validate();
    }

    /// <summary>-html: renders the page (only when asked for) and writes it whole.</summary>
    public void WritePage(RunContext context, Func<string> render) => Html?.Write(render(), context);

    /// <summary>Who and when the rows of <paramref name="target"/> describe, taken as the run starts; null when the table goes to the console.</summary>
    public TargetContext? Describe(TargetSpec target) =>
        (Csv?.Stamp ?? Json?.Stamp) is { } stamp ? TargetContextReader.Capture(target, stamp) : null;

    /// <summary>
    /// The one fork: <paramref name="console"/> writes the table when no rows are written; else the rows go to the CSV
    /// file and the JSON document (its header from <paramref name="request"/>, its one target from the rows).
    /// </summary>
    public void Write<TRow>(CommandRequest request, RunContext context, Action console, CsvSchema<TRow> schema, Func<(IReadOnlyList<TRow> Rows, JsonTarget Target)> rows) =>
        Write(() => JsonHeader.Of(request), context, console, schema, rows);

    /// <summary>As above, with the JSON document's header from <paramref name="header"/> (asked for only when a JSON document is written).</summary>
    public void Write<TRow>(Func<JsonReport> header, RunContext context, Action console, CsvSchema<TRow> schema, Func<(IReadOnlyList<TRow> Rows, JsonTarget Target)> rows)
    {
        if (!WritesRows)
        {
            console();
            return;
        }
        var (csvRows, target) = rows();
        Csv?.Write(schema, csvRows, context);
        Json?.Write(header() with { Targets = [target] }, context);
    }

    /// <summary>-resultfile: the allocated KB, when it was asked for.</summary>
    public void WriteResult(long kilobytes) => ResultFileWriter.WriteIfRequested(ResultFile, kilobytes);
}

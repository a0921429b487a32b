using MemAnalyzer.Output;

namespace MemAnalyzer.Commands;

/// <summary>A run's CSV destination and the values stamped on each of its rows (-o and its companions).</summary>
public sealed record CsvOutput(CsvTarget Target, ReportStamp Stamp)
{
    /// <summary>Checked before any heap is walked, so that a long walk never ends in "cannot write".</summary>
    public void Validate<TRow>(CsvSchema<TRow> map) => CsvFileAppender.Validate(Target, map);

    /// <summary>Appends one block of rows, after a note on <see cref="RunContext.Error"/> unless -silent (stdout holds only tables).</summary>
    public void Write<TRow>(CsvSchema<TRow> map, IReadOnlyList<TRow> rows, RunContext context)
    {
        // A cancelled run (Ctrl+C, SIGTERM, or the parent of the analysis child gone) begins no block.
        context.Cancellation.ThrowIfCancellationRequested();
        var appending = !Target.Overwrite && File.Exists(Target.Path) && new FileInfo(Target.Path).Length > 0;
        if (!context.Silent)
        {
            context.Error.WriteLine($"note: writing output to csv file {Target.Path}{(appending ? ", appended to its contents" : "")}");
        }
        if (Target.Staging is { } staging)
        {
            CsvBatchBlocks.WriteOne(staging, map, rows, Target.Separator);
            return;
        }
        CsvFileAppender.Write(Target, map, rows);
    }
}

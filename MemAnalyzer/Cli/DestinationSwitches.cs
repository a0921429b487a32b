using MemAnalyzer.Commands;
using MemAnalyzer.Output;
using MemAnalyzer.Views;
using static MemAnalyzer.Cli.SwitchValues;

namespace MemAnalyzer.Cli;

/// <summary>
/// The switches of where a view's report goes (-o, -format, -html, and the CSV layout and stamp: -sep, -noexcelsep,
/// -overwrite, -context, -time, -timefmt) made into one destination, with the rules about which of them go together.
/// </summary>
public static class DestinationSwitches
{
    /// <summary>-o FILE.csv, -o FILE.json or -format json; in a batch's child, the destination the batch gave it.</summary>
    public static ReportDestination Of(CommandLine line)
    {
        var path = line.OutputFile.Value();
        var json = OutputFormat(line.Format.Value(), path);
        var html = line.HtmlFile.Value() is { } page ? new HtmlOutput(page, CommandText.Of(line.Arguments)) : null;
        if (path is null && !json)
        {
            CsvSwitchesNeedOutput(line, ViewCatalog.Selected(line.Has).TakesOverwrite(line.Has));
            return ReportDestination.Console with { Html = html };
        }
        var context = BatchRequest.Context(line.Context.Value());
        var stamp = new ReportStamp(line.TimeText.Value(), TimeFormat(line.TimeFormat.Value()), context, DateTimeOffset.Now);
        if (json)
        {
            JsonTakesNoCsvLayout(line);
            // A batch's child prints its document for the batch to merge.
            return new ReportDestination(Json: new JsonOutput(line.BatchItem.HasValue() ? null : path, stamp), Html: html);
        }
        var target = new CsvTarget(path!, Separator(line.Separator.Value()), line.Overwrite.HasValue(), !line.NoExcelSeparator.HasValue())
        {
            Staging = line.BatchCsv.Value(),
        };
        return new ReportDestination(Csv: new CsvOutput(target, stamp), Html: html);
    }

    /// <param name="viewTakesOverwrite">The selected view gives -overwrite a meaning of its own (-export).</param>
    private static void CsvSwitchesNeedOutput(CommandLine line, bool viewTakesOverwrite)
    {
        if ((line.Overwrite.HasValue() && !viewTakesOverwrite) || line.Separator.HasValue() || line.NoExcelSeparator.HasValue() || line.Context.HasValue()
            || line.TimeText.HasValue() || line.TimeFormat.HasValue())
        {
            throw Invalid("-overwrite, -sep, -noexcelsep, -context, -time and -timefmt shape CSV output: add -o <file.csv> (-context, -time and -timefmt go with -format json too)");
        }
    }

    private static void JsonTakesNoCsvLayout(CommandLine line)
    {
        if (line.Overwrite.HasValue() || line.Separator.HasValue() || line.NoExcelSeparator.HasValue())
        {
            throw Invalid("-overwrite, -sep and -noexcelsep shape CSV files, and a JSON report is always written whole: leave them out");
        }
    }
}

using System.Globalization;
using CsvHelper.Configuration;
using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Analysis;
using MemAnalyzer.Output;

namespace MemAnalyzer.Cli;

/// <summary>A run's CSV destination and the values stamped on each of its rows.</summary>
public sealed record CsvOutput(CsvTarget Target, CsvStamp Stamp);

/// <summary>CSV output for leak-tracking loops: one block of rows appended per run.</summary>
public sealed partial class AnalyzeCommand
{
    /// <summary>With -o the table is data for a chart, so it holds (nearly) every type unless N is given.</summary>
    public const int CsvDefaultTopN = 20_000;

    [Option("-o|--output <FILE.csv>", "Append the rows to a CSV file instead of printing them (a header only when the file is new). Raises the default N to 20000.", CommandOptionType.SingleValue)]
    public string? OutputFile { get; set; }

    [Option("-overwrite|--overwrite", "Start the CSV file afresh (with a header) instead of appending.", CommandOptionType.NoValue)]
    public bool Overwrite { get; set; }

    [Option("-sep|--separator <CHAR>", "CSV separator: one character; the text \\t means TAB (the default).", CommandOptionType.SingleValue)]
    public string? Separator { get; set; }

    [Option("-noexcelsep|--no-excel-sep", "Do not begin a new CSV file with the sep= line Excel reads.", CommandOptionType.NoValue)]
    public bool NoExcelSeparator { get; set; }

    [Option("-context|--context <TEXT>", "Text for the CSV Context column, such as the test iteration.", CommandOptionType.SingleValue)]
    public string? Context { get; set; }

    [Option("-time|--time <TEXT>", "Text for the CSV Time column instead of the clock, to stamp several processes with one time.", CommandOptionType.SingleValue)]
    public string? TimeText { get; set; }

    [Option("-timefmt|--time-format <FORMAT>", "Format of the CSV Time column: a .NET date format (default yyyy-MM-dd HH:mm:ss) or Invariant.", CommandOptionType.SingleValue)]
    public string? TimeFormat { get; set; }

    private CsvOutput? BuildCsvOutput(AnalysisRequest request)
    {
        if (OutputFile is null)
        {
            if (Overwrite || Separator is not null || NoExcelSeparator || Context is not null || TimeText is not null || TimeFormat is not null)
            {
                throw Invalid("-overwrite, -sep, -noexcelsep, -context, -time and -timefmt shape CSV output: add -o <file.csv>");
            }
            return null;
        }
        var target = new CsvTarget(OutputFile, ParseSeparator(Separator), Overwrite, !NoExcelSeparator);
        var stamp = new CsvStamp(TimeText, ParseTimeFormat(TimeFormat), Context ?? "", DateTimeOffset.Now);
        // Checked before any heap is walked, so a long walk never ends in "cannot write".
        switch (StringsRequested, request.SecondTarget is null)
        {
            case (false, true):
                CsvReportWriter.Validate(target, new TypeCsvRowMap(request.Unit));
                break;
            case (false, false):
                CsvReportWriter.Validate(target, new DiffCsvRowMap(request.Unit));
                break;
            case (true, true):
                CsvReportWriter.Validate(target, new StringCsvRowMap(request.Unit));
                break;
            default:
                CsvReportWriter.Validate(target, new StringDiffCsvRowMap(request.Unit));
                break;
        }
        return new CsvOutput(target, stamp);
    }

    private void WriteCsv<TRow>(CsvOutput csv, ClassMap<TRow> map, IReadOnlyList<TRow> rows, IConsole console)
    {
        var appending = !csv.Target.Overwrite && File.Exists(csv.Target.Path) && new FileInfo(csv.Target.Path).Length > 0;
        if (!Silent)
        {
            console.Out.WriteLine($"Writing output to csv file {csv.Target.Path}.{(appending ? " File contents are appended." : "")}");
        }
        CsvReportWriter.Write(csv.Target, map, rows);
    }

    private static char ParseSeparator(string? text)
    {
        var value = (text ?? "\\t").Trim('"', '\'');
        var separator = value switch
        {
            "\\t" or "\t" => '\t',
            { Length: 1 } => value[0],
            _ => throw Invalid($"-sep \"{text}\" is not one character: give a single character such as , or ; or \\t for TAB"),
        };
        return separator is '"' or '\n' or '\r'
            ? throw Invalid($"-sep cannot be a quote or a line break: CSV needs those for quoting and rows")
            : separator;
    }

    private static string ParseTimeFormat(string? format)
    {
        if (format is null)
        {
            return CsvStamp.DefaultTimeFormat;
        }
        if (format.Equals(CsvStamp.InvariantTimeFormat, StringComparison.OrdinalIgnoreCase))
        {
            return CsvStamp.InvariantTimeFormat;
        }
        try
        {
            _ = DateTime.Now.ToString(format, CultureInfo.InvariantCulture);
            return format;
        }
        catch (FormatException)
        {
            throw Invalid($"-timefmt \"{format}\" is not a .NET date format: use e.g. yyyy-MM-dd HH:mm:ss, o, or Invariant");
        }
    }
}

using System.Globalization;
using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Analysis;
using MemAnalyzer.Dac;
using MemAnalyzer.Heap;
using MemAnalyzer.Output;
using MemAnalyzer.Strings;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Cli;

/// <summary>-dstrings: where string memory is wasted on duplicates, and which fields hold them.</summary>
public sealed partial class AnalyzeCommand
{
    [Option("-dstrings|--duplicate-strings[:<N>]", "Top N duplicated string values by wasted bytes, with the field holding most copies.", CommandOptionType.SingleOrNoValue)]
    public (bool HasValue, string? Value) DuplicateStrings { get; set; }

    [Option("-showaddress|--show-address", "With -dstrings: the address of one instance of each value.", CommandOptionType.NoValue)]
    public bool ShowAddress { get; set; }

    private bool StringsRequested => DuplicateStrings.HasValue;

    private int StringsTopN()
    {
        if (DuplicateStrings.Value is null)
        {
            return Top ?? (OutputFile is null ? DefaultTopN : CsvDefaultTopN);
        }
        return int.TryParse(DuplicateStrings.Value, NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n > 0
            ? n
            : throw Invalid($"-dstrings {DuplicateStrings.Value} is not a number of values: give a positive number such as 20");
    }

    private int RunStrings(AnalysisRequest request, CsvOutput? csv, IConsole console)
    {
        if (BySize.HasValue || ByCount.HasValue && request.SecondTarget is null)
        {
            throw Invalid("-dstrings is an analysis of its own: leave out -dts and -dtn (with -f2/-pid2, -dtn ranks by instance delta)");
        }
        var topN = StringsTopN();
        var selection = request.Selection;
        if (request.SecondTarget is not null)
        {
            var pair = SnapshotPairReader.Read(request.Target, request.SecondTarget, DacOptions,
                (heap, token) => StringStatisticsCollector.Collect(heap, selection, token), Cancellation);
            var diff = StringRanking.Diff(pair.First, pair.Second, ByCount.HasValue ? Analysis.SortKey.Count : Analysis.SortKey.Bytes, topN);
            if (csv is null)
            {
                StringStatisticsRenderer.WriteDiff(console.Out, diff, pair.First, pair.Second, request.Unit);
            }
            else
            {
                var rows = diff.Select(d => new StringDiffCsvRow(request.Unit.Convert(d.DeltaBytes), d.DeltaCount, d.Count1, d.Count2,
                    request.Unit.Convert(d.Bytes1), request.Unit.Convert(d.Bytes2), StringText.Escape(d.Value, StringText.CsvChars, d.Value.Length < d.Length))).ToList();
                WriteCsv(csv, new StringDiffCsvRowMap(request.Unit), rows, console);
            }
            Notes.Write(console.Error, pair.First.Warnings, pair.FirstReport, Silent);
            Notes.Write(console.Error, pair.Second.Warnings, pair.SecondReport, Silent);
            return ExitCodes.Success;
        }

        var csvContext = csv is null ? null : CsvContextReader.Capture(request.Target, csv.Stamp);
        var (report, readReport) = SnapshotReader.Read(request.Target, DacOptions, (heap, token) =>
        {
            var live = selection == ObjectSelection.All ? null : LiveObjectMarker.Mark(heap, token);
            var snapshot = StringStatisticsCollector.Collect(heap, selection, live, token);
            var top = StringRanking.TopDuplicates(snapshot.Values, topN);
            return new StringReport(snapshot, top, StringOwnerFinder.Find(heap, top, selection, live, token));
        }, Cancellation);
        if (csv is null)
        {
            StringStatisticsRenderer.Write(console.Out, report, request.Unit, ShowAddress);
        }
        else
        {
            var rows = report.Top.Select(v => new StringCsvRow(v.Count, request.Unit.Convert(v.Waste), v.InstanceSize,
                StringText.Escape(v.Value, StringText.CsvChars, v.IsCut), report.Owners.TryGetValue(v.Key, out var o) ? o.Field : "",
                ShowAddress ? $"0x{v.SampleAddress:x}" : "", csvContext!)).ToList();
            WriteCsv(csv, new StringCsvRowMap(request.Unit), rows, console);
        }
        Notes.Write(console.Error, report.Snapshot.Warnings, readReport, Silent);
        return ExitCodes.Success;
    }
}

using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Analysis;
using MemAnalyzer.Cli;
using MemAnalyzer.Commands;
using MemAnalyzer.Strings;
using MemAnalyzer.Trend;
using MemAnalyzer.Views;

namespace MemAnalyzer.Tests.Unit.Cli;

/// <summary>The command line to request step in-process: every switch-combination rule without a target or a child process.</summary>
public sealed class RequestBuilderTests
{
    private static CommandRequest Build(params string[] args)
    {
        var split = Array.IndexOf(args, "-procdump");
        var line = new CommandLine(PhysicalConsole.Singleton).Parse(ArgumentNormalizer.Normalize(split >= 0 ? args[..split] : args));
        return RequestBuilder.Build(line, split >= 0 ? args[(split + 1)..] : null);
    }

    private static string Rejected(params string[] args)
    {
        var e = Assert.Throws<MemAnalyzerException>(() => Build(args));
        Assert.Equal(1, e.ExitCode);
        return e.Message;
    }

    [Theory]
    [InlineData(new[] { "-live" }, "nothing to analyze: give a dump with -f <file> or a live process with -pid <pid> (see --help)")]
    [InlineData(new[] { "-f", "a.dmp", "-pid", "7" }, "give either -f <dump> or -pid <pid>, not both")]
    [InlineData(new[] { "-f2", "b.dmp" }, "-f2/-pid2 name the second side of a diff: give the first side with -f <dump> or -pid <pid> too")]
    [InlineData(new[] { "-f", "a.dmp", "-f2", "b.dmp", "-pid2", "8" }, "give either -f2 <dump> or -pid2 <pid> as the second target, not both")]
    [InlineData(new[] { "-f", "a.dmp", "-live", "-dead" }, "-live and -dead exclude each other: use one of them")]
    [InlineData(new[] { "-f", "a.dmp", "-dts", "-dtn" }, "-dts and -dtn exclude each other: sort either by size or by count")]
    [InlineData(new[] { "-f", "a.dmp", "--top", "0" }, "--top 0 is not valid: give a positive number")]
    [InlineData(new[] { "-f", "a.dmp", "-unit", "XB" }, "-unit XB is not a unit: use Bytes, KB, MB or GB")]
    [InlineData(new[] { "-f", "a.dmp", "-unit", "1" }, "-unit 1 is not a unit: use Bytes, KB, MB or GB")]
    [InlineData(new[] { "-f", "a.dmp", "-context", "x" }, "-overwrite, -sep, -noexcelsep, -context, -time and -timefmt shape CSV output: add -o <file.csv> (-context, -time and -timefmt go with -format json too)")]
    [InlineData(new[] { "-f", "a.dmp", "-format", "json", "-o", "x.csv" }, "-format json writes JSON, and -o x.csv is not a .json file: name the file FILE.json, or leave out -o to print the JSON")]
    [InlineData(new[] { "-f", "a.dmp", "-format", "table", "-o", "x.csv" }, "-format table prints the table, and -o writes a file: leave out one of them")]
    [InlineData(new[] { "-f", "a.dmp", "-format", "yaml" }, "-format yaml is not a format: use table or json")]
    [InlineData(new[] { "-f", "a.dmp", "-o", "x.json", "-sep", "," }, "-overwrite, -sep and -noexcelsep shape CSV files, and a JSON report is always written whole: leave them out")]
    [InlineData(new[] { "-f", "a.dmp", "-format", "json", "-roots", "Order" }, "-roots prints paths on the console and -o or -format json write type rows: run them as two commands")]
    [InlineData(new[] { "-f", "a.dmp", "-f", "b.dmp", "-f2", "c.dmp" }, "a diff compares one first target with one second: give a single -f with -f2/-pid2, or leave out -f2/-pid2 to analyze each dump of the batch on its own")]
    [InlineData(new[] { "-f", "a.dmp", "b.dmp", "-resultfile", "r.txt" }, "-resultfile holds the number of one analysis, and several -f make a batch: leave out -resultfile, or give one dump")]
    [InlineData(new[] { "-gc", "7", "-f", "a.dmp", "-f", "b.dmp" }, "-gc forces a GC in a live process, and several -f make a batch of dumps: run them as two commands")]
    [InlineData(new[] { "-f", "a.dmp", "-o", "x.csv", "-sep", "ab" }, "-sep \"ab\" is not one character: give a single character such as , or ; or \\t for TAB")]
    [InlineData(new[] { "-f", "a.dmp", "-o", "x.csv", "-sep", "\n" }, "-sep cannot be a quote or a line break: CSV needs those for quoting and rows")]
    [InlineData(new[] { "-f", "a.dmp", "-o", "x.csv", "-timefmt", "%" }, "-timefmt \"%\" is not a .NET date format: use e.g. yyyy-MM-dd HH:mm:ss, o, or Invariant")]
    [InlineData(new[] { "-f", "a.dmp", "-dstrings", "3", "-dts" }, "-dstrings is an analysis of its own: leave out -dts and -dtn (with -f2/-pid2, -dtn ranks by instance delta)")]
    [InlineData(new[] { "-f", "a.dmp", "-dstrings", "-dtn" }, "-dstrings is an analysis of its own: leave out -dts and -dtn (with -f2/-pid2, -dtn ranks by instance delta)")]
    [InlineData(new[] { "-f", "a.dmp", "-dstrings:abc" }, "-dstrings abc is not a number of values: give a positive number such as 20")]
    [InlineData(new[] { "-f", "a.dmp", "-showaddress" }, "-showaddress belongs to -dstrings: add -dstrings")]
    [InlineData(new[] { "-f", "a.dmp", "-showunchanged" }, "-showunchanged lists the unchanged types of a diff: give a second target with -f2 <dump> or -pid2 <pid>, without -dstrings")]
    [InlineData(new[] { "-f", "a.dmp", "-f2", "b.dmp", "-dstrings", "-showunchanged" }, "-showunchanged lists the unchanged types of a diff: give a second target with -f2 <dump> or -pid2 <pid>, without -dstrings")]
    [InlineData(new[] { "-trend", "t.csv", "-f", "a.dmp" }, "-trend reads a CSV that earlier runs wrote; it does not combine with -f, -pid, -f2, -pid2 or -o")]
    [InlineData(new[] { "-trend", "t.csv", "-o", "x.csv" }, "-trend reads a CSV that earlier runs wrote; it does not combine with -f, -pid, -f2, -pid2 or -o")]
    [InlineData(new[] { "-trend", "t.csv", "-trendby", "Foo" }, "-trendby Foo is not Context or Time")]
    [InlineData(new[] { "-trend", "t.csv", "-trendby", "1" }, "-trendby 1 is not Context or Time")]
    [InlineData(new[] { "-trend", "t.csv", "-failongrowth", "abc" }, "-failongrowth abc is not a size: give bytes per iteration such as 100000, 64KB or 1MB")]
    [InlineData(new[] { "-f", "a.dmp", "-dstrings", "-type", "Order" }, "-type selects type rows, and -dstrings ranks string values: leave out one of them")]
    [InlineData(new[] { "-trend", "t.csv", "-type", "Order" }, "-type filters the rows of an analysis; -trend reports every growing row of the CSV: leave out -type")]
    [InlineData(new[] { "-gc" }, "-gc needs a process: -gc <pid or command-line text>, or -pid <pid>")]
    [InlineData(new[] { "-gc", "-process", "foo" }, "-gc needs a process: -gc <pid or command-line text>, or -pid <pid>")]
    [InlineData(new[] { "-f", "a.dmp", "-attach", "dump" }, "-attach says how to read a live process: add -pid <pid or name> (or -pid2)")]
    [InlineData(new[] { "-pid", "7", "-attach", "gdb" }, "-attach gdb is not a way to read a process: use ptrace, dump or auto")]
    [InlineData(new[] { "-ps", "-pid", "7" }, "-ps lists the .NET processes and takes no other switch: run it alone, then analyze one with -pid <pid or name>")]
    [InlineData(new[] { "--top", "abc", "-trend", "t.csv" }, "Invalid value specified for top. 'abc' is not a valid number: run MemAnalyzer --help for the switches")]
    [InlineData(new[] { "-procdump", "-zz", "1" }, "-procdump: '-zz' is not a ProcDump for Linux option: use -p <pid> or -w <name>, -o <prefix>, -n, -s and the triggers -M/-m/-C/-c/-T/-F/-G, or the original's -ma|-mp <pid|name> [file|dir]")]
    [InlineData(new[] { "-f", "a.dmp", "-gen", "gen3" }, "-gen gen3 is not a generation: use gen0, gen1, gen2, loh, poh or frozen")]
    [InlineData(new[] { "-f", "a.dmp", "-gen", "gen2", "-retained" }, "-gen restricts the type table to one generation, and -retained covers the whole heap: run them as two commands")]
    [InlineData(new[] { "-f", "a.dmp", "-gen", "loh", "-dtr" }, "-gen restricts the type table to one generation, and -dtr covers the whole heap: run them as two commands")]
    [InlineData(new[] { "-f", "a.dmp", "-gen", "gen0", "-roots", "Order" }, "-gen restricts the type table to one generation, and -roots covers the whole heap: run them as two commands")]
    [InlineData(new[] { "-f", "a.dmp", "-gen", "gen0", "-vmmap" }, "-gen restricts the type table to one generation, and -vmmap covers the whole heap: run them as two commands")]
    [InlineData(new[] { "-f", "a.dmp", "-gen", "gen0", "-dstrings" }, "-gen restricts the type table to one generation, and -dstrings covers the whole heap: run them as two commands")]
    [InlineData(new[] { "-trend", "t.csv", "-gen", "gen2" }, "-gen restricts the analysis of a target; -trend reads the CSV such runs wrote (their Selection column names the generation): leave out -gen")]
    public void EachSwitchCombinationRuleRejectsWithItsOwnMessage(string[] args, string message)
    {
        Assert.Equal(message, Rejected(args));
    }

    [Theory]
    [InlineData("-dts:abc", "-dts: 'abc' is not a valid N: N is a positive number of rows such as 20")]
    [InlineData("-dts:0", "-dts: '0' is not a valid N: N is a positive number of rows such as 20")]
    [InlineData("-dtr:x;N#5", "-dtr: 'x' in 'x;N#5' is not a valid N: N is a positive number")]
    [InlineData("-dtn:5;N#x", "-dtn: 'N#x' in '5;N#x' is not a valid count filter")]
    [InlineData("-dtn:999999999999", "-dtn: '999999999999' in '999999999999' is too large: N is at most 2,147,483,647")]
    [InlineData("-dts:2147483648;N#5", "-dts: '2147483648' in '2147483648;N#5' is too large: N is at most 2,147,483,647")]
    public void ABadTopNQueryIsRejectedWithThePartThatIsWrong(string query, string start)
    {
        Assert.StartsWith(start, Rejected("-f", "a.dmp", query));
    }

    [Theory]
    [InlineData("gen0", HeapGeneration.Gen0)]
    [InlineData("GEN1", HeapGeneration.Gen1)]
    [InlineData("2", HeapGeneration.Gen2)]
    [InlineData("loh", HeapGeneration.Loh)]
    [InlineData("poh", HeapGeneration.Poh)]
    [InlineData("frozen", HeapGeneration.Frozen)]
    public void GenRestrictsTheTypeTableOfAHistogramAndADiffToOneGeneration(string text, HeapGeneration generation)
    {
        Assert.Equal(generation, Assert.IsType<HistogramRequest>(Build("-f", "a.dmp", "-gen", text, "-live")).Query.Generation);
        Assert.Equal(generation, Assert.IsType<DiffRequest>(Build("-f", "a.dmp", "-f2", "b.dmp", "-gen", text)).Query.Generation);
        Assert.Null(Assert.IsType<HistogramRequest>(Build("-f", "a.dmp")).Query.Generation);
    }

    [Fact]
    public void AnUnknownSwitchIsAnInvalidArgumentThatSaysSo()
    {
        Assert.StartsWith("unknown switch -nonsense: ", Rejected("-f", "a.dmp", "-nonsense"));
    }

    [Fact]
    public void ADumpAloneIsTheTop20TypesBySizeOfAllObjects()
    {
        var request = Assert.IsType<HistogramRequest>(Build("-f", "a.dmp"));
        Assert.Equal(("a.dmp", SortKey.Bytes, 20, 0L, ObjectSelection.All, SizeUnit.Bytes), (request.Target.DumpPath, request.Query.SortKey, request.Query.TopN, request.Query.MinCount, request.Query.Selection, request.Query.Unit));
        Assert.Null(request.Output.Csv);
        Assert.False(request.ReadsRoots);
        Assert.Empty(request.ProcessIds);
    }

    [Fact]
    public void TheOriginalsSpaceSeparatedQueryGivesRowsAndAMinimumCount()
    {
        var request = Assert.IsType<HistogramRequest>(Build("-pid", "42", "-dtn", "5000;N#200", "-live", "-unit", "kb"));
        Assert.Equal((42, SortKey.Count, 5000, 200L, ObjectSelection.Live, SizeUnit.KB), (request.Target.ProcessId!.Value, request.Query.SortKey, request.Query.TopN, request.Query.MinCount, request.Query.Selection, request.Query.Unit));
        Assert.True(request.ReadsRoots);
        Assert.Equal([42], request.ProcessIds);
    }

    [Fact]
    public void CsvOutputRaisesTheDefaultRowsTo20000AndTopOverridesIt()
    {
        Assert.Equal(20_000, Each(Build("-f", "a.dmp", "-o", "x.csv")).Query.TopN);
        Assert.Equal(7, Each(Build("-f", "a.dmp", "-o", "x.csv", "--top", "7")).Query.TopN);
        var csv = Assert.IsType<HistogramRequest>(Build("-pid", "42", "-o", "x.csv", "-sep", ",", "-noexcelsep", "-overwrite", "-context", "it 3")).Output.Csv!;
        Assert.Equal(("x.csv", ',', true, false, "it 3"), (csv.Target.Path, csv.Target.Separator, csv.Target.Overwrite, csv.Target.ExcelSeparatorLine, csv.Stamp.Context));
    }

    [Fact]
    public void ASecondTargetMakesADiffThatResumesBothProcesses()
    {
        var request = Assert.IsType<DiffRequest>(Build("-pid", "5", "-pid2", "6", "-dead", "-vmmap", "-resultfile", "r.txt"));
        Assert.Equal([5, 6], request.ProcessIds);
        Assert.Equal((true, true, "r.txt"), (request.ReadsRoots, request.Query.MemoryMap, request.Output.ResultFile));
    }

    [Fact]
    public void DuplicateStringsInADiffMayRankByInstanceDelta()
    {
        var request = Assert.IsType<ViewRequest<StringQuery>>(Build("-f", "a.dmp", "-f2", "b.dmp", "-dstrings", "-dtn"));
        Assert.Equal((SortKey.Count, 20, "b.dmp"), (request.Options.DiffSortKey, request.Options.TopN, request.Second!.DumpPath));
    }

    [Fact]
    public void ForcedGcWithAPidIsFollowedByTheAnalysisOfThatPid()
    {
        var request = Assert.IsType<ForceGcRequest>(Build("-pid", "9", "-gc", "-gcfinalizers", "-live"));
        Assert.Equal(("9", true), (request.Target, request.WaitForFinalizers));
        Assert.Equal(9, Assert.IsType<HistogramRequest>(request.Then).Target.ProcessId);
        Assert.Equal([9], request.ProcessIds);
        Assert.True(request.ReadsRoots);
    }

    [Fact]
    public void ForcedGcByCommandLineTextAloneReadsNoTarget()
    {
        var request = Assert.IsType<ForceGcRequest>(Build("-gc", "MyService.dll", "-process", "dotnet"));
        Assert.Equal(("MyService.dll", "dotnet", null), (request.Target, request.ProcessFilter, request.Then));
        Assert.Empty(request.Targets);
    }

    [Fact]
    public void TrendTakesItsKeyFilterLimitAndTopRows()
    {
        var request = Assert.IsType<TrendRequest>(Build("-trend", "t.csv", "-trendby", "time", "-contextfilter", "^it", "-failongrowth", "64KB", "--top", "3", "-html", "t.html"));
        Assert.Equal(("t.csv", IterationKey.Time, "^it", 65536L, "t.html", 3), (request.CsvPath, request.Key, request.FilterText, request.FailOnGrowth, request.HtmlFile, request.TopN));
        Assert.Matches(request.Filter!, "it 1");
    }

    [Fact]
    public void NoSwitchAtAllIsTheUsageAndVersionIsItsOwnMode()
    {
        Assert.IsType<HelpRequest>(Build());
        Assert.IsType<VersionRequest>(Build("--version"));
        Assert.Equal("MemAnalyzer 1.0.0 (commit 0123456789ab)", VersionRequest.Text("1.0.0+0123456789ab"));
        Assert.Equal("MemAnalyzer 1.0.0 (commit unknown)", VersionRequest.Text("1.0.0"));
    }

    [Fact]
    public void HelpWinsOverEveryOtherModeAndProcDumpOverTrend()
    {
        Assert.IsType<HelpRequest>(Build("-f", "a.dmp", "-live", "-dead", "-h"));
        var capture = Assert.IsType<CaptureRequest>(Build("-trend", "t.csv", "-procdump", "-ma", "123", "/tmp/x.dmp"));
        Assert.Equal((123, true, "/tmp/x.dmp"), (capture.Dump.Pid, capture.Dump.Full, capture.Dump.Output));
    }

    [Fact]
    public void RepeatedFAndTheShellsExpansionOfAGlobMakeABatchWhoseRequestIsTheFirstDumps()
    {
        var repeated = Assert.IsType<BatchRequest>(Build("-f", "a.dmp", "-f", "b.dmp", "-o", "x.csv", "-live"));
        var expanded = Assert.IsType<BatchRequest>(Build("-f", "a.dmp", "b.dmp", "-o", "x.csv", "-live"));

        Assert.Equal(["a.dmp", "b.dmp"], repeated.Dumps);
        Assert.Equal(["a.dmp", "b.dmp"], expanded.Dumps);
        var each = Assert.IsType<HistogramRequest>(repeated.Each);
        Assert.Equal(("a.dmp", ObjectSelection.Live, "x.csv"), (each.Target.DumpPath, each.Query.Selection, each.Output.Csv!.Target.Path));
    }

    [Fact]
    public void ABatchsChildAnalyzesItsOneDumpWithTheContextAsWrittenAndPrintsItsJson()
    {
        var child = Assert.IsType<HistogramRequest>(Build(CommandLine.BatchItemSwitch, "dir/b.dmp", "-f", "dir/*.dmp", "-o", "out.json", "-context", "run 4"));

        Assert.Equal("dir/b.dmp", child.Target.DumpPath);
        Assert.Equal((null, "run 4"), (child.Output.Json!.Path, child.Output.Json.Stamp.Context));
        Assert.Null(child.Output.Csv);
    }

    [Fact]
    public void OneDumpWhoseRowsGoToACsvOrJsonIsABatchOfOneAndATableAProcessOrADiffIsNot()
    {
        Assert.Equal(["a.dmp"], Assert.IsType<BatchRequest>(Build("-f", "a.dmp", "-o", "x.csv")).Dumps);
        Assert.Equal(["a.dmp"], Assert.IsType<BatchRequest>(Build("-f", "a.dmp", "-format", "json")).Dumps);
        Assert.Equal(["a.dmp"], Assert.IsType<BatchRequest>(Build("-f", "a.dmp", "-dstrings", "-o", "s.json")).Dumps);
        Assert.IsType<HistogramRequest>(Build("-f", "a.dmp"));
        Assert.IsType<HistogramRequest>(Build("-pid", "42", "-o", "x.csv"));
        Assert.IsType<DiffRequest>(Build("-f", "a.dmp", "-f2", "b.dmp", "-o", "d.csv"));
        Assert.IsType<HistogramRequest>(Build(CommandLine.BatchItemSwitch, "a.dmp", "-f", "a.dmp", "-o", "x.csv"));
    }

    [Fact]
    public void ObjectsTakesATypeOrAnAddressAndANumberAfterIt()
    {
        var byType = Assert.IsType<ViewRequest<MemAnalyzer.Objects.ObjectsQuery>>(Build("-f", "a.dmp", "-objects", "Acme.Order", "3"));
        var byAddress = Assert.IsType<ViewRequest<MemAnalyzer.Objects.ObjectsQuery>>(Build("-pid", "7", "-objects", "0x7f10"));

        Assert.Equal(("Acme.Order", 3, (ulong?)null), (byType.Options.Target, byType.Options.Top, byType.Options.Address));
        Assert.Equal((MemAnalyzer.Objects.ObjectsQuery.DefaultTop, (ulong?)0x7f10UL, 7), (byAddress.Options.Top, byAddress.Options.Address, byAddress.Target.ProcessId));
    }

    [Theory]
    [InlineData(new[] { "-f", "a.dmp", "-objects", "Acme.Order", "0" }, "-objects Acme.Order 0: give a positive number of objects")]
    [InlineData(new[] { "-f", "a.dmp", "-f2", "b.dmp", "-objects", "Acme.Order" }, "-objects reads one target: give one -f <dump> or one -pid <pid>, without -f2/-pid2 or several dumps")]
    [InlineData(new[] { "-f", "a.dmp", "-objects", "Acme.Order", "-live" }, "-objects prints the fields of objects on the console and takes no --live: run it as a command of its own")]
    [InlineData(new[] { "-f", "a.dmp", "-objects", "Acme.Order", "-format", "json" }, "-objects prints the fields of objects on the console and takes no --format: run it as a command of its own")]
    [InlineData(new[] { "-f", "a.dmp", "-objects", "" }, "-objects needs a type name (with namespace, * as wildcard) or an object address (0x...)")]
    public void ObjectsRefusesWhatItCannotDo(string[] args, string message) => Assert.Equal(message, Rejected(args));

    private static HistogramRequest Each(CommandRequest request) => Assert.IsType<HistogramRequest>(Assert.IsType<BatchRequest>(request).Each);

    [Fact]
    public void AJsonFileOrFormatJsonChoosesJsonAndRaisesTheDefaultRowsLikeCsv()
    {
        var file = Each(Build("-f", "a.dmp", "-o", "Report.JSON"));
        var printed = Assert.IsType<DiffRequest>(Build("-f", "a.dmp", "-f2", "b.dmp", "-format", "json"));

        Assert.Equal(("Report.JSON", 20_000), (file.Output.Json!.Path, file.Query.TopN));
        Assert.Null(file.Output.Csv);
        Assert.Null(printed.Output.Json!.Path);
    }
}

using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Strings;

[Collection(StringsCollection.Name)]
public sealed class DuplicateStringTests(StringsScenario scenario)
{
    /// <summary>The console cuts a value after this many characters and appends "...".</summary>
    private const int ConsoleChars = 50;

    private const string TotalRow = "Strings(Total)";
    private const string WasteRow = "Waste(Total)";

    public static TheoryData<int> Values => new(Enumerable.Range(0, ExpectedCounts.DuplicateValues));

    [Theory]
    [MemberData(nameof(Values))]
    public void EachPlantedValueHasItsCopiesWasteAndOwningFieldInTheDump(int value) =>
        AssertPlanted(Rows("-f", scenario.DumpPath), value);

    [Theory]
    [MemberData(nameof(Values))]
    public void EachPlantedValueHasItsCopiesWasteAndOwningFieldInTheLiveProcess(int value) =>
        AssertPlanted(Rows("-pid", scenario.Target.Pid.ToString(CultureInfo.InvariantCulture)), value);

    [Theory]
    [InlineData(ObjectSet.All)]
    [InlineData(ObjectSet.Live)]
    [InlineData(ObjectSet.Dead)]
    public void TheSummaryAndEveryDuplicatedValueEqualTheOracle(ObjectSet selection)
    {
        var csvPath = scenario.File($"strings-{selection}.csv");
        var selectionSwitch = selection.Switch();
        var console = Run(["-f", scenario.DumpPath, "-dstrings", "100000", .. selectionSwitch]);
        Run(["-f", scenario.DumpPath, "-dstrings", "-o", csvPath, "-silent", .. selectionSwitch]);
        var oracle = StringOracle.Compute(scenario.DumpPath, selection);

        var (_, summary) = StringTableOutput.Parse(console);
        Assert.Equal((oracle.Values.Sum(v => v.Count), oracle.Values.Sum(v => v.Count * v.Size), oracle.Values.Sum(v => (v.Count - 1) * v.Size)), summary);
        var expected = oracle.Where(p => p.Value.Count > 1)
            .Select(p => (CsvText(p.Key), p.Value.Count, (p.Value.Count - 1) * p.Value.Size, p.Value.Size))
            .OrderBy(r => r.Item1, StringComparer.Ordinal);
        var written = CsvFile.Read(csvPath).Rows
            .Select(r => (r["String"], CsvFile.Number(r, "Strings(Count)"), CsvFile.Number(r, "WasteBytes"), CsvFile.Number(r, "Size(Bytes)")))
            .OrderBy(r => r.Item1, StringComparer.Ordinal);
        Assert.Equal(expected, written);
    }

    [Fact]
    public void TheCsvOwnerColumnKeepsTheShareOfCopiesTheConsoleShows()
    {
        var csvPath = scenario.File("strings-owner.csv");
        Run("-f", scenario.DumpPath, "-dstrings", "-o", csvPath, "-silent");

        var owners = CsvFile.Read(csvPath).Rows.ToDictionary(r => r["String"], r => r["Owner"], StringComparer.Ordinal);
        for (var i = 0; i < ExpectedCounts.DuplicateValues; i++)
        {
            // Values the CSV writes escaped or cut are checked by their console row; the plain ones here.
            if (owners.TryGetValue(ExpectedCounts.DuplicateValue(i), out var written))
            {
                var owner = i < ExpectedCounts.CityValues ? ExpectedCounts.CityOwner : ExpectedCounts.ArrayOwner;
                Assert.Equal($"{owner} ({ExpectedCounts.CopiesPerValue} of {ExpectedCounts.CopiesPerValue})", written);
            }
        }
        Assert.Contains(owners.Values, o => o.StartsWith(ExpectedCounts.CityOwner + " (", StringComparison.Ordinal));
    }

    [Fact]
    public void LiveLeavesOutTheGarbageCopiesAndDeadShowsOnlyThem()
    {
        var live = Rows("-f", scenario.DumpPath, "-live");
        var dead = Rows("-f", scenario.DumpPath, "-dead");

        Assert.DoesNotContain(live, r => r.Value == ExpectedCounts.GarbageValue);
        // The copies only: the literal itself is on a frozen segment, so it is live (and alone there, so not listed).
        Assert.Equal(ExpectedCounts.GarbageCopies, dead.Single(r => r.Value == ExpectedCounts.GarbageValue).Count);
        Assert.DoesNotContain(dead, r => r.Value.StartsWith("duplicate ", StringComparison.Ordinal));
        Assert.Equal(ExpectedCounts.CopiesPerValue, live.Single(r => r.Value == ExpectedCounts.DuplicateValue(0)).Count);
    }

    [Fact]
    public void LoneSurrogatesControlCharactersAndHugeStringsArePrintedEscapedAndCut()
    {
        var rows = Rows("-f", scenario.DumpPath);

        Assert.Equal(ExpectedCounts.LoneSurrogateCopies + 1, rows.Single(r => r.Value == "lone \\uD800 surrogate").Count);
        Assert.Equal(ExpectedCounts.ControlCopies + 1, rows.Single(r => r.Value == "tab\\there\\r\\nnext line").Count);
        var huge = rows.Single(r => r.Value == new string('h', ConsoleChars) + "...");
        Assert.Equal((ExpectedCounts.HugeCopies, (ExpectedCounts.HugeCopies - 1) * ExpectedCounts.StringSize(ExpectedCounts.HugeLength)), (huge.Count, huge.Waste));
    }

    [Fact]
    public void ShowAddressGivesAnInstanceOfEachValue()
    {
        var rows = Rows("-f", scenario.DumpPath, "-showaddress");

        var planted = rows.Single(r => r.Value == Display(ExpectedCounts.DuplicateValue(9)));
        Assert.Equal(ExpectedCounts.DuplicateValue(9), StringOracle.ValueAt(scenario.DumpPath, ulong.Parse(planted.Address![2..], NumberStyles.HexNumber, CultureInfo.InvariantCulture)));
    }

    [Fact]
    public void TheDiffOfADumpAndTheProcessAfterMoreCopiesComparesTheFullValueSets()
    {
        using var target = TargetProcess.Start("LeakyApp", "strings");
        var dump = target.WriteDump(scenario.File("before-more.dmp"));
        target.Send("morestrings", "MORE");
        // Stopped for both live reads: an idle runtime still allocates a string now and then, and the totals must be the same.
        using var frozen = target.Freeze();

        var diff = DiffTableOutput.ParseStringRows(Run("-f", dump, "-pid2", frozen.Pid, "-dstrings", "5"));
        var before = StringTableOutput.Parse(Run("-f", dump, "-dstrings", "1")).Summary;
        var after = StringTableOutput.Parse(Run("-pid", frozen.Pid, "-dstrings", "1")).Summary;

        var size = ExpectedCounts.StringSize(ExpectedCounts.DuplicateValue(0).Length);
        var more = diff.Single(r => r.Label == Display(ExpectedCounts.DuplicateValue(0)));
        Assert.Equal((ExpectedCounts.MoreCopies * size, ExpectedCounts.MoreCopies, ExpectedCounts.CopiesPerValue, ExpectedCounts.CopiesPerValue + ExpectedCounts.MoreCopies),
            (more.DeltaBytes, more.DeltaCount!.Value, more.Count1!.Value, more.Count2!.Value));
        var total = diff.Single(r => r.Label == TotalRow);
        Assert.Equal((before.Count, after.Count, before.Bytes, after.Bytes), (total.Count1!.Value, total.Count2!.Value, total.Bytes1, total.Bytes2));
        var waste = diff.Single(r => r.Label == WasteRow);
        Assert.Equal((before.Waste, after.Waste, after.Waste - before.Waste), (waste.Bytes1, waste.Bytes2, waste.DeltaBytes));
    }

    [Fact]
    public void ADumpDiffedWithItselfHasNoValueRowsAndZeroTotals()
    {
        var diff = DiffTableOutput.ParseStringRows(Run("-f", scenario.DumpPath, "-f2", scenario.DumpPath, "-dstrings"));

        Assert.Equal([TotalRow, WasteRow], diff.Select(r => r.Label));
        Assert.All(diff, r => Assert.Equal(0, r.DeltaBytes));
    }

    [Theory]
    [InlineData("-dstrings", "abc")]
    [InlineData("-dstrings", "0")]
    [InlineData("-dstrings", "-dts")]
    [InlineData("-showaddress")]
    public void BadStringSwitchesAreInvalidArguments(params string[] switches) =>
        CliAssert.Error(MemAnalyzerCli.Run(["-f", scenario.DumpPath, .. switches]), ExitCodes.InvalidArguments, "");

    private static void AssertPlanted(IReadOnlyList<StringRow> rows, int value)
    {
        var text = ExpectedCounts.DuplicateValue(value);
        var owner = value < ExpectedCounts.CityValues ? ExpectedCounts.CityOwner : ExpectedCounts.ArrayOwner;
        Assert.Equal(
            new StringRow(ExpectedCounts.CopiesPerValue, (ExpectedCounts.CopiesPerValue - 1) * ExpectedCounts.StringSize(text.Length), null, Display(text),
                $"{owner} ({ExpectedCounts.CopiesPerValue} of {ExpectedCounts.CopiesPerValue})"),
            rows.Single(r => r.Value == Display(text)));
    }

    private static string Display(string value) => value.Length > ConsoleChars ? value[..ConsoleChars] + "..." : value;

    /// <summary>
    /// A duplicated value as the CSV must hold it, written out here rather than computed by the product's escaper:
    /// the planted hard values literally, anything else only if it is plain printable text (written as it is).
    /// </summary>
    internal static string CsvText(string value) => value switch
    {
        ExpectedCounts.LoneSurrogateValue => "lone \\uD800 surrogate",
        ExpectedCounts.ControlValue => "tab\\there\\r\\nnext line",
        // The CSV cuts a value after 4,096 characters and appends "...".
        _ when value.Length == ExpectedCounts.HugeLength && value.All(c => c == 'h') => new string('h', 4096) + "...",
        _ when value.Length <= 4096 && value.All(c => c is >= ' ' and <= '~') => value,
        _ => throw new InvalidOperationException($"no expected CSV text for the duplicated value '{value[..Math.Min(value.Length, 80)]}' (length {value.Length}): write it out here"),
    };

    private static IReadOnlyList<StringRow> Rows(params string[] arguments) => StringTableOutput.Parse(Run([.. arguments, "-dstrings", "100"])).Rows;

    private static string Run(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run(arguments);
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.StandardOutput;
    }
}

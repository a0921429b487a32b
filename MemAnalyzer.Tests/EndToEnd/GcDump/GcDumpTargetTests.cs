using System.Text.Json;
using MemAnalyzer.GcDump;
using MemAnalyzer.Targets;
using MemAnalyzer.TestTargets;
using MemAnalyzer.Tests.EndToEnd.Retention;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.GcDump;

/// <summary>
/// -f x.gcdump: the type table and the diffs of files the real dotnet-gcdump wrote of a real LeakyApp, against
/// dotnet-gcdump's own report (an independent reader), the counts LeakyApp planted, and a core dump of the same frozen process.
/// </summary>
[Collection(GcDumpCollection.Name)]
public sealed class GcDumpTargetTests(GcDumpScenario scenario)
{
    private const string Planted = ExpectedCounts.TargetNamespace + ".";

    [Fact]
    public void TheTypeTableOfAGcdumpHasDotnetGcdumpReportsCountForEveryType()
    {
        var oracle = GcDumpOracle.Report(scenario.First);
        var result = MemAnalyzerCli.Run("-f", scenario.First, "-dtn:100000");
        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = TableOutput.Parse(result.StandardOutput);
        var types = rows.Values.Where(r => !r.Label.StartsWith("Managed Heap(", StringComparison.Ordinal)).ToDictionary(r => r.Label, r => r.Count!.Value);
        // dotnet-gcdump prints the names as the runtime's events gave them; MemAnalyzer spells generic and nested names as a
        // core dump does: those differ in spelling only (the same counts), every other name is the same.
        static bool Respelled(string name) => name.Contains('<') || name.Contains('+') || name.Contains(',') || !name.Split('[')[0].Contains('.');
        Assert.Equal(oracle.Counts.Where(p => !Respelled(p.Key)).OrderBy(p => p.Key, StringComparer.Ordinal), types.Where(p => !Respelled(p.Key)).OrderBy(p => p.Key, StringComparer.Ordinal));
        Assert.Equal(oracle.Counts.Values.Order(), types.Values.Order());
        Assert.Equal(oracle.HeapBytes, rows["Managed Heap(Allocated)!"].Bytes);
        Assert.Equal(oracle.Counts.Values.Sum(), rows["Managed Heap(Allocated)!"].Count);
    }

    [Fact]
    public void TheTypeTableOfAGcdumpHasTheCountsAndSizesLeakyAppPlanted()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.First, "-type", ExpectedCounts.TargetNamespace);
        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = TableOutput.Parse(result.StandardOutput);
        Assert.Equal(new TableRow(ExpectedCounts.DataInstances * ExpectedCounts.DataInstanceSizeBefore, ExpectedCounts.DataInstances, Planted + "DataInstance"), rows[Planted + "DataInstance"]);
        Assert.Equal(new TableRow(ExpectedCounts.DataInstanceArraySize, 1, Planted + "DataInstance[]"), rows[Planted + "DataInstance[]"]);
        Assert.Equal(new TableRow(ExpectedCounts.BeforeOnlyItems * ExpectedCounts.LeafSize, ExpectedCounts.BeforeOnlyItems, Planted + "BeforeOnlyItem"), rows[Planted + "BeforeOnlyItem"]);
    }

    [Fact]
    public void ADiffOfTwoGcdumpsShowsExactlyTheLeakedItemsAndNoChangeInThePlantedTypes()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.First, "-f2", scenario.Second, "-type", ExpectedCounts.TargetNamespace, "-showunchanged");
        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = DiffTableOutput.Parse(result.StandardOutput);
        var leaked = rows[Planted + "LeakedItem"];
        Assert.Equal((ExpectedCounts.LeakedPerIteration * ExpectedCounts.LeafSize, (long?)ExpectedCounts.LeakedPerIteration), (leaked.DeltaBytes, leaked.DeltaCount));
        foreach (var (type, count) in GcDumpScenario.PlantedBefore)
        {
            Assert.Equal((0L, (long?)0, (long?)count, (long?)count), (rows[type].DeltaBytes, rows[type].DeltaCount, rows[type].Count1, rows[type].Count2));
        }
    }

    [Fact]
    public void AGcdumpAndACoreDumpOfTheSameFrozenStateAgreeOnEveryPlantedType()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.Second, "-f2", scenario.SecondDump, "-type", ExpectedCounts.TargetNamespace, "-showunchanged");
        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = DiffTableOutput.Parse(result.StandardOutput);
        var expected = new Dictionary<string, long>(GcDumpScenario.PlantedBefore) { [Planted + "LeakedItem"] = ExpectedCounts.LeakedPerIteration };
        foreach (var (type, count) in expected)
        {
            Assert.Equal((0L, (long?)0, (long?)count, (long?)count), (rows[type].DeltaBytes, rows[type].DeltaCount, rows[type].Count1, rows[type].Count2));
        }
    }

    [Fact]
    public void AGcdumpAndACoreDumpOfTheSameFrozenStatePairEveryPlantedGenericTypeAndTheNestedTypesOfItsCollections()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.Second, "-f2", scenario.SecondDump, "-type", ExpectedCounts.GenericNamesNamespace + ".", "-showunchanged");
        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = DiffTableOutput.Parse(result.StandardOutput).Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal)).ToList();
        // One row per name: a name only one side spells would make a second row with 0 instances on the other side.
        Assert.Equal(ExpectedCounts.GenericNames.Select(p => (p.Key, 0L, (long?)p.Value, (long?)p.Value)).Order(),
            rows.Select(r => (r.Label, r.DeltaBytes, r.Count1, r.Count2)).Order());
    }

    [Fact]
    public void RetainedBytesOfAGcdumpAreThoseLeakyAppBuiltAndThoseOfACoreDumpOfTheSameState()
    {
        var fromGcDump = MemAnalyzerCli.Run("-f", scenario.Second, "-retained", "-type", ExpectedCounts.TargetNamespace + ".DataInstance");
        var fromDump = MemAnalyzerCli.Run("-f", scenario.SecondDump, "-retained", "-type", ExpectedCounts.TargetNamespace + ".DataInstance");
        Assert.True(fromGcDump.ExitCode == 0 && fromDump.ExitCode == 0, fromGcDump + "\n" + fromDump);
        var instances = ExpectedCounts.DataInstances * (ExpectedCounts.DataInstanceSizeBefore + ExpectedCounts.FuncSize);
        var expected = new Dictionary<string, long>
        {
            [Planted + "DataInstance"] = instances,
            [Planted + "DataInstance[]"] = ExpectedCounts.DataInstanceArraySize + instances,
        };
        var gcdumpRows = RetainedTable.Parse(fromGcDump.StandardOutput);
        var dumpRows = RetainedTable.Parse(fromDump.StandardOutput);
        foreach (var (type, retained) in expected)
        {
            Assert.Equal((retained, retained), (gcdumpRows[type].Retained, dumpRows[type].Retained));
        }
    }

    [Fact]
    public void RootPathsOfAGcdumpLeadFromTheStaticsThatHoldThePlantedObjects()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.First, "-roots", Planted + "BeforeOnlyItem");
        Assert.True(result.ExitCode == 0, result.ToString());
        var path = result.StandardOutput.Split('\n').Single(l => l.Contains(" → ▶BeforeOnlyItem", StringComparison.Ordinal));
        // A static's path, no field values to read in a gcdump: suspect ("▶") from the root to the end.
        Assert.Matches(@"^\s*17\s+408\s+▶static \S+\.s_oneSided → ▶Object\[\] → ▶BeforeOnlyItem$", path);
    }

    [Fact]
    public void TheFirstLeakSuspectOfAGcdumpIsTheListHoldingEveryDataInstanceWithItsExactRetainedBytes()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.First, "-suspects");
        Assert.True(result.ExitCode == 0, result.ToString());
        var first = result.StandardOutput.Split('\n').First(l => l.StartsWith("1. ", StringComparison.Ordinal));
        Assert.StartsWith($"1. System.Collections.Generic.List<{Planted}DataInstance> 0x", first, StringComparison.Ordinal);
        Assert.Contains($" retains {ListRetained:N0} bytes", first, StringComparison.Ordinal);
    }

    [Fact]
    public void TheDominatorTreeOfAGcdumpPutsTheListAboveItsArrayWithTheirExactRetainedBytes()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.First, "-dominators");
        Assert.True(result.ExitCode == 0, result.ToString());
        var lines = result.StandardOutput.Split('\n');
        var list = Array.FindIndex(lines, l => l.EndsWith($"  System.Collections.Generic.List<{Planted}DataInstance>", StringComparison.Ordinal));
        Assert.True(list > 0, result.StandardOutput);
        Assert.StartsWith($"{ListRetained:N0} ", lines[list].TrimStart(), StringComparison.Ordinal);
        Assert.StartsWith($"{ListRetained - 32:N0} ", lines[list + 1].TrimStart(), StringComparison.Ordinal);
        Assert.EndsWith($"    {Planted}DataInstance[]", lines[list + 1], StringComparison.Ordinal);
    }

    /// <summary>The List (32 bytes), its array, and every DataInstance with its Func.</summary>
    private static long ListRetained => 32 + ExpectedCounts.DataInstanceArraySize + (ExpectedCounts.DataInstances * (ExpectedCounts.DataInstanceSizeBefore + ExpectedCounts.FuncSize));

    [Fact]
    public void TheJsonReportOfAGcdumpSaysItCountsLiveObjects()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.First, "-type", "DataInstance", "-format", "json");
        Assert.True(result.ExitCode == 0, result.ToString());
        using var json = JsonDocument.Parse(result.StandardOutput);
        Assert.Equal("live", json.RootElement.GetProperty("selection").GetString());
        var row = json.RootElement.GetProperty("targets")[0].GetProperty("types").EnumerateArray().Single(t => t.GetProperty("name").GetString() == Planted + "DataInstance");
        Assert.Equal(ExpectedCounts.DataInstances, row.GetProperty("instances").GetInt64());
    }

    [Fact]
    public void TheCsvRowsOfAGcdumpHaveTheSelectionLiveAndThePlantedCounts()
    {
        var csv = scenario.File("types.csv");
        var result = MemAnalyzerCli.Run("-f", scenario.First, "-type", ExpectedCounts.TargetNamespace + ".DataInstance", "-o", csv);
        Assert.True(result.ExitCode == 0, result.ToString());
        var lines = File.ReadAllLines(csv);
        var header = lines[1].Split('\t');
        var row = lines.Skip(2).Select(l => l.Split('\t')).Single(r => r[Array.IndexOf(header, "Type")] == Planted + "DataInstance");
        Assert.Equal(("live", ExpectedCounts.DataInstances.ToString(System.Globalization.CultureInfo.InvariantCulture)),
            (row[Array.IndexOf(header, "Selection")], row[Array.IndexOf(header, "Instances(Count)")]));
        File.Delete(csv);
    }

    [Fact]
    public void AGcdumpOfADotNet10ProcessIsAnalyzedWithTheLossyBufferingWarning()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.First, "-type", "DataInstance");
        Assert.Equal(0, result.ExitCode);
        Assert.Contains("warning: the gcdump was collected from runtime 10.", result.StandardError, StringComparison.Ordinal);
    }

    [Fact]
    public void AGcdumpCutInTheMiddleFailsWithExitCode4SayingItWasCutShort()
    {
        var bytes = File.ReadAllBytes(scenario.First);
        var cut = scenario.File("cut.gcdump");
        File.WriteAllBytes(cut, bytes[..(bytes.Length / 2)]);
        CliAssert.Error(MemAnalyzerCli.Run("-f", cut), ExitCodes.DumpInvalid, "it was cut short");
    }

    [Fact]
    public void AGcdumpMissingOnlyItsLastByteFailsWithExitCode4()
    {
        var bytes = File.ReadAllBytes(scenario.First);
        var cut = scenario.File("last-byte.gcdump");
        File.WriteAllBytes(cut, bytes[..^1]);
        CliAssert.Error(MemAnalyzerCli.Run("-f", cut), ExitCodes.DumpInvalid, "is not a complete .gcdump");
    }

    [Fact]
    public void AFileNamedGcdumpThatIsNotOneFailsWithExitCode4()
    {
        var foreign = scenario.File("foreign.gcdump");
        File.WriteAllText(foreign, "not a gcdump\n");
        CliAssert.Error(MemAnalyzerCli.Run("-f", foreign), ExitCodes.DumpInvalid, "does not start with the FastSerialization signature");
    }

    [Theory]
    [InlineData("-dead", "-dead")]
    [InlineData("-vmmap", "-vmmap")]
    [InlineData("-gen:gen2", "-gen")]
    [InlineData("-dstrings", "-dstrings")]
    [InlineData("-handles", "-handles")]
    [InlineData("-modules", "-modules")]
    public void AViewAGcdumpCannotAnswerFailsWithExitCode1NamingIt(string option, string named) =>
        CliAssert.Error(MemAnalyzerCli.Run("-f", scenario.First, option), ExitCodes.InvalidArguments, $"{named} cannot read a .gcdump");

    [Fact]
    public void AGcdumpIsOpenedOnceTheReadTakesTheStreamItsSniffOpened()
    {
        // Deleted between the sniff and the read: a second open would fail (exit 5), the sniff's stream still reads the whole file.
        var copy = scenario.File("opened-once.gcdump");
        File.Copy(scenario.First, copy, overwrite: true);
        var target = TargetSpec.Dump(copy);
        Assert.True(GcDumpTarget.Is(target));
        File.Delete(copy);
        var file = GcDumpTarget.Open(target);
        var snapshot = GcDumpHistogram.Of(file, [], CancellationToken.None);
        var oracle = GcDumpOracle.Report(scenario.First);
        Assert.Equal(oracle.Counts.Values.Sum(), snapshot.Types.Sum(t => t.Count));
    }
}

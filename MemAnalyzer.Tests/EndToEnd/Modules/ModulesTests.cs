using MemAnalyzer.Tests.Infrastructure;
using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.EndToEnd.Modules;

/// <summary>
/// -modules on LeakyApp "modules" (37 dynamic assemblies, 12 more after "moremodules"): the dynamic modules' row, the
/// total and the dynamic count against SOS's dumpdomain, the diff, CSV, JSON and console, the live process.
/// </summary>
[Collection(ModulesTargetCollection.Name)]
public sealed class ModulesTests(ModulesTarget target)
{
    private const string Unnamed = "(unnamed)";

    [Fact]
    public void TheCsvHasThePlantedDynamicModulesAsOneRowAndAsManyModulesAsSosDumpdomainLists()
    {
        var path = target.File("modules.csv");
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-modules", "-o", path, "-overwrite", "-silent");
        Assert.True(result.ExitCode == 0, result.ToString());
        var csv = CsvFile.Read(path);
        var sos = SosOracle.DumpDomain(target.BeforePath);

        Assert.Equal(["Kind", "Module", "Count", "Bytes(Bytes)", "Path", "ProcessId", "Time", "CommandLine", "Age(s)", "Name", "Context"], csv.Header);
        var dynamic = csv.Rows.Single(r => r["Kind"] == "dynamic");
        Assert.Equal((Unnamed, ModulesPlanted, "", ""), (dynamic["Module"], CsvFile.Number(dynamic, "Count"), dynamic["Bytes(Bytes)"], dynamic["Path"]));
        Assert.Equal((ModulesPlanted, sos.Dynamic), (sos.Dynamic, csv.Rows.Where(r => r["Kind"] == "dynamic").Sum(r => (int)CsvFile.Number(r, "Count"))));
        Assert.Equal(sos.Modules, csv.Rows.Sum(r => (int)CsvFile.Number(r, "Count")));
        Assert.All(csv.Rows.Where(r => r["Kind"] == "file"), r => Assert.True(CsvFile.Number(r, "Bytes(Bytes)") > 0 && r["Path"].EndsWith("/" + r["Module"], StringComparison.Ordinal), string.Join(" ", r.Values)));
    }

    [Fact]
    public void TheDiffCsvShowsTheModulesLoadedInBetweenFirstAndTheirCountEqualsSosDumpdomainsChange()
    {
        var path = target.File("modules-diff.csv");
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-modules", "-o", path, "-overwrite", "-silent");
        Assert.True(result.ExitCode == 0, result.ToString());
        var csv = CsvFile.Read(path);
        var (before, after) = (SosOracle.DumpDomain(target.BeforePath), SosOracle.DumpDomain(target.AfterPath));

        Assert.Equal(["Kind", "Module", "Count", "Count2", "DeltaCount", "Bytes(Bytes)", "Bytes2(Bytes)", "DeltaBytes(Bytes)", "Change"], csv.Header);
        var first = csv.Rows[0];
        Assert.Equal(("dynamic", Unnamed, ModulesPlanted, ModulesPlanted + ModulesMore, ModulesMore, "", "", ""),
            (first["Kind"], first["Module"], CsvFile.Number(first, "Count"), CsvFile.Number(first, "Count2"), CsvFile.Number(first, "DeltaCount"),
                first["Bytes(Bytes)"], first["Bytes2(Bytes)"], first["DeltaBytes(Bytes)"]));
        Assert.Equal((ModulesMore, after.Modules - before.Modules), (after.Dynamic - before.Dynamic, csv.Rows.Sum(r => (int)CsvFile.Number(r, "DeltaCount"))));
    }

    [Fact]
    public void TheJsonReportsOfOneTargetAndOfADiffFollowTheDocumentedSchemaAndLeaveOutADynamicModulesBytes()
    {
        var single = MemAnalyzerCli.Run("-f", target.BeforePath, "-modules", "-format", "json", "-silent");
        var diff = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-modules", "-format", "json", "-silent");
        Assert.True(single.ExitCode == 0 && diff.ExitCode == 0, single.ToString() + diff);
        using var one = JsonReportText.Parse(single.StandardOutput);
        using var two = JsonReportText.Parse(diff.StandardOutput);
        JsonReportSchema.Validate(one.RootElement);
        JsonReportSchema.Validate(two.RootElement);

        Assert.Equal(("modules", "modulesDiff"), (one.RootElement.GetProperty("mode").GetString(), two.RootElement.GetProperty("mode").GetString()));
        var dynamic = one.RootElement.GetProperty("targets")[0].GetProperty("modules").EnumerateArray().Single(r => r.GetProperty("kind").GetString() == "dynamic");
        Assert.Equal((ModulesPlanted, false), (JsonReportText.Number(dynamic, "count"), dynamic.TryGetProperty("bytes", out _)));
        var grown = two.RootElement.GetProperty("targets")[0].GetProperty("modulesDiff")[0];
        Assert.Equal(("dynamic", (long)ModulesMore, false), (grown.GetProperty("kind").GetString(), JsonReportText.Number(grown, "deltaCount"), grown.TryGetProperty("deltaBytes", out _)));
    }

    [Fact]
    public void TheConsoleLeadsWithTheDynamicModulesAndSaysTheyHaveNoImageBytes()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-modules", "-silent");
        Assert.True(result.ExitCode == 0, result.ToString());
        var lines = result.StandardOutput.Split('\n');

        Assert.Equal(["Count", "Bytes(Bytes)", "Kind", "Module", "Path"], lines[1].Split(' ', StringSplitOptions.RemoveEmptyEntries));
        Assert.Equal([$"{ModulesPlanted}", "n/a", "dynamic", Unnamed], lines[2].Split(' ', StringSplitOptions.RemoveEmptyEntries));
    }

    [Fact]
    public void ALiveProcessShowsTheModulesPlantedBeforeAndAfterTheStep()
    {
        var result = MemAnalyzerCli.Run("-pid", target.Process.Pid.ToString(System.Globalization.CultureInfo.InvariantCulture), "-modules", "-silent");
        Assert.True(result.ExitCode == 0, result.ToString());

        Assert.Equal([$"{ModulesPlanted + ModulesMore}", "n/a", "dynamic", Unnamed], result.StandardOutput.Split('\n')[2].Split(' ', StringSplitOptions.RemoveEmptyEntries));
    }

    [Fact]
    public void ModulesWithATypeTableSwitchExitsOneWithOneErrorLine()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-modules", "-live");

        Assert.Equal(1, result.ExitCode);
        Assert.Equal("error: -modules is a view of its own (the runtime's loaded modules, not objects): leave out -live", result.StandardError.Trim());
        Assert.Empty(result.StandardOutput);
    }
}

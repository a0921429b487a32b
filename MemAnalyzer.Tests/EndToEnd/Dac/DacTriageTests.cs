using MemAnalyzer.Cli;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Dac;

/// <summary>Triage of a dump from a runtime that is not installed: the message, the collector, and which DAC wins.</summary>
public sealed class DacTriageTests(OtherRuntimeScenario scenario) : IClassFixture<OtherRuntimeScenario>
{
    private const string DataInstance = ExpectedCounts.TargetNamespace + ".DataInstance";

    [Fact]
    public void WithoutItsDacTheDumpFailsNamingVersionBuildIdPlacesAndTheCommandThatFetchesIt()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.DumpPath);

        CliAssert.Error(result, ExitCodes.DacNotFound, $"the .NET runtime {scenario.Version} (x64, libcoreclr build-id {scenario.CoreClrBuildId})");
        Assert.Contains("Searched: ", result.StandardError, StringComparison.Ordinal);
        Assert.Contains("(installed runtime)", result.StandardError, StringComparison.Ordinal);
        Assert.Contains($"Fetch it into dacs/ with: scripts/collect-dacs.sh --version {scenario.Version};", result.StandardError, StringComparison.Ordinal);
    }

    [Fact]
    public void AfterTheCollectorImportsTheRuntimePackTheDumpAnalyzesWithExactCounts()
    {
        var dacs = scenario.File("dacs-from-pack");
        Collect("--dacs", dacs, "--version", scenario.Version);

        var result = Analyze(dacs);

        Assert.Equal($"{scenario.CoreClrBuildId}\tlinux-x64/{scenario.Version}/libmscordaccore.so", File.ReadAllText(Path.Combine(dacs, "index.tsv")).Trim());
        Assert.Contains($"note: DAC {dacs}/linux-x64/{scenario.Version}/libmscordaccore.so (from the dacs collection)", result.StandardError, StringComparison.Ordinal);
        AssertPlantedCounts(result);
    }

    [Fact]
    public void ARuntimeFolderCopiedFromAnotherMachineIsImportedWithTheVersionItWasPublishedFor()
    {
        var dacs = scenario.File("dacs-from-folder");
        var output = Collect("--dacs", dacs, "--from", scenario.RuntimeFolder);

        Assert.Contains($"imported linux-x64/{scenario.Version} (libcoreclr build-id {scenario.CoreClrBuildId})", output, StringComparison.Ordinal);
        AssertPlantedCounts(Analyze(dacs));
    }

    [Fact]
    public void ADacWithAnotherBuildIdIsRejectedNotUsed()
    {
        var dacs = scenario.File("dacs-wrong");
        var wrong = Directory.CreateDirectory(Path.Combine(dacs, "linux-x64", scenario.Version)).FullName;
        var installed = Path.GetDirectoryName(typeof(object).Assembly.Location)!;
        File.Copy(Path.Combine(installed, "libmscordaccore.so"), Path.Combine(wrong, "libmscordaccore.so"));
        File.Copy(Path.Combine(installed, "libcoreclr.so"), Path.Combine(wrong, "libcoreclr.so"));

        var result = MemAnalyzerCli.Run(["-f", scenario.DumpPath], new Dictionary<string, string?> { [DacSearchLocations.CollectionVariable] = dacs });

        CliAssert.Error(result, ExitCodes.DacNotFound, $"Rejected: {wrong}/libmscordaccore.so: its libcoreclr.so has build-id ");
        Assert.Contains($"not {scenario.CoreClrBuildId}", result.StandardError, StringComparison.Ordinal);
    }

    [Fact]
    public void DacdirWinsOverTheCollection()
    {
        var dacs = scenario.File("dacs-second");
        Collect("--dacs", dacs, "--from", scenario.RuntimeFolder);

        var result = MemAnalyzerCli.Run(["-f", scenario.DumpPath, "-dacdir", scenario.RuntimeFolder], new Dictionary<string, string?> { [DacSearchLocations.CollectionVariable] = dacs });

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Contains($"note: DAC {scenario.RuntimeFolder}/libmscordaccore.so (from the -dacdir)", result.StandardError, StringComparison.Ordinal);
    }

    private static string Collect(params string[] arguments)
    {
        var result = ProcessRunner.Run("bash", [Path.Combine(RepositoryPaths.Root, "scripts", "collect-dacs.sh"), .. arguments], TimeSpan.FromMinutes(5));
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.StandardOutput;
    }

    private ProcessResult Analyze(string dacs)
    {
        var result = MemAnalyzerCli.Run(["-f", scenario.DumpPath, "-dtn", "1000"], new Dictionary<string, string?> { [DacSearchLocations.CollectionVariable] = dacs });
        Assert.True(result.ExitCode == 0, result.ToString());
        return result;
    }

    private static void AssertPlantedCounts(ProcessResult result)
    {
        var rows = TableOutput.Parse(result.StandardOutput);
        Assert.Equal((ExpectedCounts.DataInstances, ExpectedCounts.DataInstances * ExpectedCounts.DataInstanceSizeBefore), (rows[DataInstance].Count!.Value, rows[DataInstance].Bytes));
        Assert.Equal((ExpectedCounts.DataInstances, ExpectedCounts.DataInstances * ExpectedCounts.FuncSize), (rows["System.Func<System.String>"].Count!.Value, rows["System.Func<System.String>"].Bytes));
    }
}

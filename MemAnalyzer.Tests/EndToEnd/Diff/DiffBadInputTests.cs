using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Diff;

/// <summary>A bad second target fails with the first target's exit code for the same problem, and the error names the side.</summary>
[Collection(WalkthroughCollection.Name)]
public sealed class DiffBadInputTests(WalkthroughScenario scenario) : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void AMissingSecondDumpNamesTheSecondTarget() =>
        CliAssert.Error(MemAnalyzerCli.Run("-f", scenario.BeforeDump, "-f2", _directory.File("nope.dmp")), ExitCodes.DumpNotFound, "error: second target (-f2): dump file");

    [Fact]
    public void AMissingFirstDumpNamesTheFirstTarget() =>
        CliAssert.Error(MemAnalyzerCli.Run("-f", _directory.File("nope.dmp"), "-f2", scenario.AfterDump), ExitCodes.DumpNotFound, "error: first target (-f): dump file");

    [Fact]
    public void ASecondDumpThatIsNotACoreDumpGetsTheSameCodeAsAFirstOne()
    {
        var text = _directory.File("notes.txt");
        File.WriteAllText(text, "not a dump\n");
        CliAssert.Error(MemAnalyzerCli.Run("-pid", Pid(scenario.Before), "-f2", text), ExitCodes.DumpInvalid, "second target (-f2): ");
    }

    [Fact]
    public void ASecondPidThatDoesNotExistNamesTheSecondTargetAndLeavesTheFirstRunning()
    {
        CliAssert.Error(MemAnalyzerCli.Run("-pid", Pid(scenario.Before), "-pid2", "999999"), ExitCodes.ProcessNotFound, "second target (-pid2): no process with id 999999");
        scenario.Before.AssertResumed();
    }

    [Fact]
    public void TheSamePidOnBothSidesIsRefusedWithAWayOut() =>
        CliAssert.Error(MemAnalyzerCli.Run("-pid", Pid(scenario.Before), "-pid2", Pid(scenario.Before)), ExitCodes.InvalidArguments, "dump it first");

    [Theory]
    [InlineData("-f2")]
    [InlineData("-pid2")]
    public void ASecondTargetWithoutAFirstIsRefused(string secondSwitch) =>
        CliAssert.Error(MemAnalyzerCli.Run(secondSwitch, secondSwitch == "-f2" ? scenario.AfterDump : Pid(scenario.After)), ExitCodes.InvalidArguments, "give the first side");

    [Fact]
    public void TwoSecondTargetsAreRefused() =>
        CliAssert.Error(MemAnalyzerCli.Run("-f", scenario.BeforeDump, "-f2", scenario.AfterDump, "-pid2", Pid(scenario.After)), ExitCodes.InvalidArguments, "not both");

    private static string Pid(TargetProcess target) => target.Pid.ToString(CultureInfo.InvariantCulture);
}

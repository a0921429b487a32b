using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Messages;

/// <summary>The usual mistakes on the command line, through the real CLI: each gets one error line that says what was meant, and exit 1.</summary>
public sealed class MistypedCommandLineTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Theory]
    [InlineData("-dst", "unknown switch -dst: did you mean -dts")]
    [InlineData("--dtn", "unknown switch --dtn: did you mean -dtn?")]
    [InlineData("-p", "unknown switch -p: did you mean -pid")]
    [InlineData("-lve", "unknown switch -lve: did you mean -live?")]
    [InlineData("--bysize", "unknown switch --bysize: did you mean --by-size?")]
    [InlineData("-procdmp", "unknown switch -procdmp: did you mean -procdump?")]
    public void AMistypedSwitchGetsTheSwitchItWasMostLikelyMeantToBe(string typed, string message) =>
        CliAssert.Error(MemAnalyzerCli.Run(typed, "5", "-f", _directory.File("a.dmp")), ExitCodes.InvalidArguments, "error: " + message);

    [Fact]
    public void ASwitchLikeNoOtherGetsNoGuessButTheHelp() =>
        CliAssert.Error(MemAnalyzerCli.Run("-xyzzy", "-f", _directory.File("a.dmp")), ExitCodes.InvalidArguments,
            "error: unknown switch -xyzzy: run MemAnalyzer --help for the switches");

    [Fact]
    public void ABareDumpPathIsToldToUseDashF()
    {
        var dump = _directory.File("core.1234");
        File.WriteAllBytes(dump, [0x7f]);
        CliAssert.Error(MemAnalyzerCli.Run(dump), ExitCodes.InvalidArguments, $"error: '{dump}' is not a switch: to analyze a dump, use -f {dump}");
        CliAssert.Error(MemAnalyzerCli.Run("core.77"), ExitCodes.InvalidArguments, "error: 'core.77' is not a switch: to analyze a dump, use -f core.77");
        CliAssert.Error(MemAnalyzerCli.Run("-dts", dump), ExitCodes.InvalidArguments, $"use -f {dump}");
    }

    [Fact]
    public void ABarePidIsToldToUseDashPid() =>
        CliAssert.Error(MemAnalyzerCli.Run("1234"), ExitCodes.InvalidArguments, "error: '1234' is not a switch: to analyze a process, use -pid 1234");

    [Theory]
    [InlineData("-dts", "abc")]
    [InlineData("-dts", "0")]
    [InlineData("-dtn", "abc")]
    [InlineData("-dtr", "0")]
    public void ANThatIsNoPositiveNumberIsSaidToBeOne(string sort, string n) =>
        CliAssert.Error(MemAnalyzerCli.Run("-f", _directory.File("a.dmp"), sort, n), ExitCodes.InvalidArguments,
            $"error: {sort}: '{n}' is not a valid N: N is a positive number of rows such as 20");

    [Theory]
    [InlineData("abc")]
    [InlineData("0")]
    public void TheNOfDuplicateStringsIsSaidToBeAPositiveNumber(string n) =>
        CliAssert.Error(MemAnalyzerCli.Run("-f", _directory.File("a.dmp"), "-dstrings", n), ExitCodes.InvalidArguments,
            $"error: -dstrings {n} is not a number of values: give a positive number such as 20");
}

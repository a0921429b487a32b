using System.Diagnostics;
using MemAnalyzer.Cli;
using MemAnalyzer.TestTargets;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Reliability;

/// <summary>
/// On some damaged dumps the native DAC loops forever inside one call that reads a type's fields (found by the seeded
/// corruptions: -dstrings and -roots never ended and ignored SIGTERM). The loop cannot be reproduced on a fresh dump with
/// a fixed seed, so the child is made to stall where the DAC did (<see cref="DacStallWatchdog.SimulateStallVariable"/>).
/// SIGTERM during the stall: <see cref="DacStallSigtermTests"/>.
/// </summary>
[Collection(RootsCollection.Name)]
public sealed class DacStallTests(RootsScenario scenario)
{
    private static readonly Dictionary<string, string?> StallInDac = new() { [DacStallWatchdog.SimulateStallVariable] = "1" };

    [Theory]
    [InlineData("-dstrings")]
    [InlineData("-roots", ExpectedCounts.TargetNamespace + ".DataInstance")]
    public void AFieldReadThatNeverReturnsEndsAsDamageWithOneErrorLine(params string[] view)
    {
        var stopwatch = Stopwatch.StartNew();
        var result = MemAnalyzerCli.Run(["-f", scenario.DumpPath, .. view], StallInDac, timeout: TimeSpan.FromSeconds(90));

        Assert.True(ExitCodes.HeapUnreadable == result.ExitCode, result.ToString());
        Assert.Matches(@"^error: the \.NET debugging library \(DAC\) did not return in 20 s from (reading the fields of the type with MethodTable|walking the stack roots of the thread with OS id) 0x[0-9a-f]+: the dump is damaged \(the DAC loops on it\)", result.StandardError);
        Assert.Single(result.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries), line => line.StartsWith("error: ", StringComparison.Ordinal));
        Assert.True(stopwatch.Elapsed < TimeSpan.FromSeconds(80), $"took {stopwatch.Elapsed}");
    }
}

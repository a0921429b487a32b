using System.Globalization;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.LeakAssertions;

/// <summary>
/// What a failing assertion costs the test process: the consumer's CostTests (xUnit v2, run alone) holds 100,000 nodes
/// beside the test host's objects, passes one <c>NoLiveInstances</c> (which writes a dump of the process and reads it:
/// createdump reads all the memory the GC committed and so faults in what was never touched, as a dotnet-dump of any
/// process does; 90 MB became 258 MB here, the engine's code and caches included), resets its peak resident size
/// (VmHWM) and fails one <c>Released</c>; it writes the resident size before and the peak during the
/// assertion to cost.txt. The times it measures are scripts/bench-leakassert.sh's (a loaded machine makes them
/// meaningless here).
/// </summary>
public sealed partial class LeakAssertPackageTests
{
    [Fact]
    public void AFailingAssertionInAProcessOfOverAHundredThousandObjectsDoesNotDoubleItsResidentSize()
    {
        Assert.Equal("Passed", consumers.XUnit.Results["APassingAndAFailingReleasedInAProcessOfAHundredThousandObjects"].Outcome);
        var cost = File.ReadAllText(Path.Combine(consumers.XUnit.OutputFolder, "cost.txt"));
        long Kb(string name) => long.Parse(Regex.Match(cost, $@"{name}_kb=(\d+)").Groups[1].Value, CultureInfo.InvariantCulture);

        // The process really is that big: ClrMD alone counts the objects of the dump the failing assertion wrote.
        using var local = LocalDump.Open(DumpPath().Match(cost).Groups[1].Value);
        Assert.True(local.Runtime.Heap.EnumerateObjects().Count() > 100_000, cost);
        Assert.True(Kb("peak") <= 2 * Kb("rss_before"), cost);
    }
}

using System.Globalization;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Reliability;

/// <summary>A walkthrough dump of six million live objects, whose graph with its dominator tree needs at least 160 MB.</summary>
public sealed class SixMillionObjectDump() : WalkthroughDump(Count, "six-million.dmp")
{
    /// <summary>The walkthrough's DataInstances: each holds one more object, so twice as many live objects.</summary>
    public const int Count = 3_000_000;
}

/// <summary>
/// The real CLI in a memory cgroup of 200 MB, as in a container with that limit (the runtime caps its heap at 150 MB
/// there): without -maxmemory the graph of six million objects is refused at once, against the memory free inside the
/// container; forced past that with -maxmemory it runs out of memory and still ends with one error line and exit 9.
/// </summary>
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed partial class ContainerMemoryTests(SixMillionObjectDump dump) : IClassFixture<SixMillionObjectDump>
{
    private const long Limit = 200L << 20;

    [Fact]
    public void InAContainerOf200MbTheDefaultBudgetRefusesAGraphThatNeedsMoreThanIsFreeThereWithExit9()
    {
        using var container = new CgroupMemoryLimit(Limit);

        var result = container.RunCli("-f", dump.DumpPath, "-live", "-retained", "-noindex");

        Assert.True(result.ExitCode == 9, result.ToString());
        var line = Refusal().Match(CliAssert.ErrorMessage(result.StandardError));
        Assert.True(line.Success, result.StandardError);
        var objects = long.Parse(line.Groups["objects"].Value, NumberStyles.AllowThousands, CultureInfo.InvariantCulture);
        var need = long.Parse(line.Groups["need"].Value, NumberStyles.AllowThousands, CultureInfo.InvariantCulture);
        var free = long.Parse(line.Groups["free"].Value, NumberStyles.AllowThousands, CultureInfo.InvariantCulture);
        // The planted objects and the runtime's own few hundred.
        Assert.InRange(objects, 2L * SixMillionObjectDump.Count, (2L * SixMillionObjectDump.Count) + 1000);
        Assert.Equal(((28 * objects) + (1 << 20) - 1) >> 20, need);
        // What is free inside the container is at most the runtime's heap limit there, whatever the machine has.
        Assert.InRange(free, 0, (Limit * 3 / 4) >> 20);
        Assert.Equal("", result.StandardOutput);
    }

    [Fact]
    public void ForcedPastTheBudgetInTheSameContainerItRunsOutOfMemoryAndSaysSoInOneLineWithExit9()
    {
        using var container = new CgroupMemoryLimit(Limit);

        var result = container.RunCli("-f", dump.DumpPath, "-live", "-retained", "-noindex", "-maxmemory", "4GB");

        CliAssert.Error(result, 9, "error: MemAnalyzer ran out of memory: this machine (or its container's limit) had too little free for this analysis; " +
            "run it where more memory is free, or ask a view that builds no graph (-live, -dstrings, -inspections)");
    }

    [Fact]
    public void InTheSameContainerAViewThatBuildsNoGraphCountsTheLiveObjects()
    {
        using var container = new CgroupMemoryLimit(Limit);

        var result = container.RunCli("-f", dump.DumpPath, "-live", "-noindex", "-type", "DataInstance", "-dts", "1");

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Matches(@"\s3,000,000\s+MemAnalyzer\.TestTargets\.LeakyApp\.DataInstance\s", result.StandardOutput);
    }

    [GeneratedRegex(@"^the live graph of (?<objects>[\d,]+) objects with its dominator tree needs at least (?<need>[\d,]+) MB \(28 bytes per object\), more than the (?<free>[\d,]+) MB this machine has free; free memory, or give -maxmemory <MB> to try anyway")]
    private static partial Regex Refusal();
}

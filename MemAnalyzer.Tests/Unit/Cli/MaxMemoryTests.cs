using MemAnalyzer.Cli;
using MemAnalyzer.Heap;
using MemAnalyzer.Linux;

namespace MemAnalyzer.Tests.Unit.Cli;

/// <summary>-maxmemory's value, and the free memory that is its default.</summary>
public sealed class MaxMemoryTests
{
    [Theory]
    [InlineData("1", 1L << 20)]
    [InlineData("4096", 4096L << 20)]
    [InlineData("16GB", 16L << 30)]
    [InlineData("16gb", 16L << 30)]
    [InlineData("512KB", 512L << 10)]
    [InlineData("300 MB", 300L << 20)]
    [InlineData(" 2GB ", 2L << 30)]
    public void ABareNumberIsMegabytesAndASuffixNamesItsUnit(string text, long bytes)
    {
        Assert.Equal(bytes, SwitchValues.MaxMemory(text));
    }

    [Fact]
    public void NoMaxMemoryIsNoValue()
    {
        Assert.Null(SwitchValues.MaxMemory(null));
    }

    [Theory]
    [InlineData("8589934592GB")]
    [InlineData("GB")]
    [InlineData("1TB")]
    [InlineData("+5")]
    public void ASizeThatOverflowsOrHasNoNumberIsRefused(string text)
    {
        var error = Assert.Throws<MemAnalyzerException>(() => SwitchValues.MaxMemory(text));

        Assert.Equal((ExitCodes.InvalidArguments, $"-maxmemory {text} is not a size: give megabytes such as 4096, or a size such as 16GB or 512KB"), (error.ExitCode, error.Message));
    }

    [Fact]
    public void MemAvailableIsReadInKilobytesFromMeminfo()
    {
        const string meminfo = "MemTotal:       24684324 kB\nMemFree:        20817184 kB\nMemAvailable:   24130860 kB\nBuffers:          105196 kB\n";

        Assert.Equal(24130860L * 1024, FreeMemory.Available(meminfo));
    }

    [Theory]
    [InlineData("MemTotal:       24684324 kB\nMemFree:        20817184 kB\n")]
    [InlineData("MemAvailable:   many kB\n")]
    [InlineData("")]
    [InlineData(null)]
    public void AMeminfoWithoutAReadableMemAvailableGivesNone(string? meminfo)
    {
        Assert.Null(FreeMemory.Available(meminfo));
    }

    [Theory]
    [InlineData(8_000L, 100_000L, 1_000L, 8_000L)]
    [InlineData(80_000L, 10_000L, 1_000L, 9_000L)]
    [InlineData(80_000L, 1_000L, 5_000L, 0L)]
    [InlineData(null, 10_000L, 1_000L, 9_000L)]
    public void FreeMemoryIsTheLesserOfWhatTheSystemHasAndWhatTheRuntimesLimitLeavesThisProcess(long? available, long limit, long held, long free)
    {
        Assert.Equal(free, FreeMemory.Of(available, limit, held));
    }

    [Fact]
    public void WithoutMaxMemoryTheBudgetIsMeasuredWhenAskedAndSaysItIsTheMachinesFreeMemory()
    {
        var budget = GraphBudgets.Of(null)();

        Assert.Equal(("this machine has free", false), (budget.Source, budget.Given));
        Assert.InRange(budget.Bytes, 1, GC.GetGCMemoryInfo().TotalAvailableMemoryBytes);
    }

    [Fact]
    public void MaxMemoryIsTheBudgetAsGiven()
    {
        Assert.Equal(new GraphMemoryBudget(5L << 20, "that -maxmemory allows", Given: true), GraphBudgets.Of(5L << 20)());
    }
}

using Microsoft.Diagnostics.NETCore.Client;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Reliability;

/// <summary>
/// A mini (createdump --normal) or triage dump has the runtime but not the GC heap's memory: MemAnalyzer refuses it
/// with exit code 7 and one line that says which dump to take, instead of printing an empty table.
/// </summary>
[Collection(RootsCollection.Name)]
public sealed class DumpWithoutHeapTests(RootsScenario scenario) : IDisposable
{
    private const int DumpHasNoHeap = 7;
    private const string Message = "error: the dump holds no managed heap (a mini or triage dump): take a heap or full dump with MemAnalyzer -procdump -mp, or createdump --withheap";
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Theory]
    [InlineData(DumpType.Normal)]
    [InlineData(DumpType.Triage)]
    public void AMiniOrTriageDumpIsRefusedWithItsOwnExitCodeAndOneLineSayingWhichDumpToTake(DumpType type)
    {
        var dump = scenario.Target.WriteDump(_directory.File($"{type}.dmp"), type);

        var result = MemAnalyzerCli.Run("-f", dump, "-live");

        CliAssert.Error(result, DumpHasNoHeap, "the dump holds no managed heap");
        Assert.Equal(Message, result.StandardError.Trim());
    }

    [Fact]
    public void AMiniDumpAsTheSecondSideOfADiffNamesThatSide()
    {
        var dump = scenario.Target.WriteDump(_directory.File("normal.dmp"), DumpType.Normal);

        var result = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-f2", dump);

        CliAssert.Error(result, DumpHasNoHeap, "second target (-f2)");
        Assert.EndsWith("the dump holds no managed heap (a mini or triage dump): take a heap or full dump with MemAnalyzer -procdump -mp, or createdump --withheap", CliAssert.ErrorMessage(result.StandardError), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(DumpType.WithHeap)]
    [InlineData(DumpType.Full)]
    public void AHeapOrFullDumpOfTheSameProcessIsAnalyzed(DumpType type)
    {
        var dump = scenario.Target.WriteDump(_directory.File($"{type}.dmp"), type);

        var result = MemAnalyzerCli.Run("-f", dump, "-dtn", "100000");

        Assert.True(result.ExitCode == 0, result.ToString());
        PlantedObjects.AssertRows(TableOutput.Parse(result.StandardOutput), ObjectSet.All);
    }
}

using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Index;

/// <summary>
/// A second question reads what the first one kept and nothing else, proven from outside: after the first run the dump
/// is replaced by a copy with the same fingerprint and a zeroed heap (<see cref="ZeroedHeapCopy"/>). A run that walked
/// the heap or read the graph would print another answer; these print the first run's exactly.
/// </summary>
[Collection(LeaksTargetCollection.Name)]
public sealed class SecondQuestionTests(LeaksTarget target)
{
    [Fact]
    public void ASecondRetainedTypeTableOfADumpWhoseHeapIsZeroedIsTheFirstOneBecauseTheIndexKeepsTheLiveTable()
    {
        using var cache = new IndexCache();
        var dump = cache.File("service.dmp");
        File.Copy(target.BeforePath, dump);
        string[] retained = ["-f", dump, "-live", "-retained"];
        var built = cache.Run(retained);

        Assert.True(ZeroedHeapCopy.ZeroHeap(dump, target.BeforePath) > 1_000_000);
        var read = cache.Run(retained);
        var walked = MemAnalyzerCli.Run([.. retained, "-noindex", "-allowdamage"]);

        Assert.Equal(1, IndexCache.Count(read.StandardError, "were read from its index"));
        Assert.Equal(built.StandardOutput, read.StandardOutput);
        Assert.Equal(IndexCache.RunWithout("-f", target.BeforePath, "-live", "-retained").StandardOutput, read.StandardOutput);
        Assert.NotEqual(built.StandardOutput, walked.StandardOutput);
    }

    [Fact]
    public void ASecondSuspectsRunPrintsTheKeptSuspectsWithTheGraphIndexRemovedAndTheHeapZeroed()
    {
        using var cache = new IndexCache();
        var dump = cache.File("service.dmp");
        File.Copy(target.BeforePath, dump);
        var built = cache.Run("-f", dump, "-suspects");
        Assert.Equal(1, IndexCache.Count(built.StandardError, "note: kept the leak suspects of service.dmp in "));
        var graphIndex = Assert.Single(cache.IndexFiles, f => !Path.GetFileName(f).Contains(".suspects-", StringComparison.Ordinal));

        File.Delete(graphIndex);
        Assert.True(ZeroedHeapCopy.ZeroHeap(dump, target.BeforePath) > 1_000_000);
        var read = cache.Run("-f", dump, "-suspects");
        var walked = MemAnalyzerCli.Run(["-f", dump, "-suspects", "-noindex", "-allowdamage"]);

        Assert.True(IndexCache.Count(read.StandardError, "note: the leak suspects of service.dmp were read from ") == 1, read.ToString());
        Assert.Equal(0, IndexCache.Count(read.StandardError, "kept the live graph"));
        Assert.Equal(built.StandardOutput, read.StandardOutput);
        Assert.Equal(IndexCache.RunWithout("-f", target.BeforePath, "-suspects").StandardOutput, read.StandardOutput);
        Assert.NotEqual(built.StandardOutput, walked.StandardOutput);
    }
}

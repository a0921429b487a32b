using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.Tests.EndToEnd.Retention;

namespace MemAnalyzer.Tests.EndToEnd.Index;

/// <summary>
/// The index of a dump's live graph through the real CLI, on the dumps of the leaks: a second question reads it and
/// answers exactly as a run that builds everything anew, for every view built on the live graph.
/// </summary>
[Collection(LeaksTargetCollection.Name)]
public sealed class DumpIndexTests(LeaksTarget target)
{
    private const string MemoryCache = "Microsoft.Extensions.Caching.Memory.MemoryCache";
    private const string CacheEntry = "Microsoft.Extensions.Caching.Memory.CacheEntry";
    private const string Subscriber = "MemAnalyzer.TestTargets.LeakyApp.Leaks.Subscriber";
    private const string PricePublisher = "MemAnalyzer.TestTargets.LeakyApp.Leaks.PricePublisher";
    private const string Kept = "note: kept the live graph and retained sizes of ";
    private const string Read = "were read from its index";

    [Fact]
    public void ASecondRetainedRunReadsTheIndexAndItsRetainedBytesAreTheOraclesExactly()
    {
        using var cache = new IndexCache();
        var built = cache.Run("-f", target.BeforePath, "-retained");
        Assert.Equal(1, IndexCache.Count(built.StandardError, Kept + "before.dmp in the index " + cache.Folder));
        Assert.Single(cache.IndexFiles);
        var read = cache.Run("-f", target.BeforePath, "-retained");
        Assert.Equal(1, IndexCache.Count(read.StandardError, Read));
        Assert.Equal(0, IndexCache.Count(read.StandardError, Kept));
        Assert.Equal(IndexCache.RunWithout("-f", target.BeforePath, "-retained").StandardOutput, read.StandardOutput);
        var rows = RetainedTable.Parse(read.StandardOutput);
        foreach (var type in new[] { CacheEntry, Subscriber })
        {
            Assert.Equal(target.Before.RetainedByType(type), rows[type].Retained);
        }
    }

    /// <summary>
    /// The index proven from outside, not by its note: after the first run, the dump is replaced by a copy with the same
    /// fingerprint and a zeroed heap. The dominator tree (the one view whose every line is the index's graph and retained
    /// sizes; the others also read objects' fields or count the heap) is still printed exactly; without the index the
    /// zeroed copy gives another answer. -allowdamage: the run still walks the heap for its unreadable-bytes check.
    /// </summary>
    [Fact]
    public void ADumpWhoseHeapIsZeroedAfterItWasIndexedWithItsFingerprintKeptGetsTheSameDominatorTreeFromTheIndex()
    {
        using var cache = new IndexCache();
        var dump = cache.File("service.dmp");
        File.Copy(target.BeforePath, dump);
        string[] dominators = ["-f", dump, "-dominators", "4", "2", "-allowdamage"];
        var built = cache.Run(dominators);
        Assert.Equal(1, IndexCache.Count(built.StandardError, Kept + "service.dmp"));

        var zeroed = ZeroedHeapCopy.ZeroHeap(dump, target.BeforePath);
        var read = cache.Run(dominators);
        var withoutIndex = MemAnalyzerCli.Run([.. dominators, "-noindex"]);

        Assert.True(zeroed > 1_000_000, $"{zeroed} bytes zeroed");
        Assert.Equal(1, IndexCache.Count(read.StandardError, Read));
        Assert.Equal(IndexCache.RunWithout("-f", target.BeforePath, "-dominators", "4", "2").StandardOutput, read.StandardOutput);
        Assert.Equal(built.StandardOutput, read.StandardOutput);
        Assert.NotEqual(built.StandardOutput, withoutIndex.StandardOutput);
    }

    [Fact]
    public void EveryViewOnTheLiveGraphPrintsFromTheIndexWhatItPrintsBuiltAnew()
    {
        using var cache = new IndexCache();
        cache.Run("-f", target.BeforePath, "-suspects");
        string[][] views =
        [
            ["-suspects"],
            ["-dominators", "4", "2"],
            ["-roots", PricePublisher],
            ["-objects", MemoryCache],
            ["-retained", "-roots", "*CachedOrder"],
            ["-handles", "-retained"],
            ["-finalizable"],
        ];
        foreach (var view in views)
        {
            var read = cache.Run(["-f", target.BeforePath, .. view], new Dictionary<string, string?>());
            // -suspects prints the suspects the first run kept beside the index (SecondQuestionTests); the others read the index.
            Assert.True(IndexCache.Count(read.StandardError, view[0] == "-suspects" ? "note: the leak suspects of before.dmp were read from " : Read) == 1,
                $"{string.Join(' ', view)}: {read}");
            Assert.Equal(IndexCache.RunWithout(["-f", target.BeforePath, .. view]).StandardOutput, read.StandardOutput);
        }
        Assert.Single(cache.IndexFiles, f => !Path.GetFileName(f).Contains(".suspects-", StringComparison.Ordinal));
    }

    [Fact]
    public void TheIndexNoteAndTheHelpOfNoIndexNameEveryViewThatReadsTheIndexFinalizableAndHandlesRetainedToo()
    {
        const string Views = "-retained, -roots, -suspects, -dominators, -objects, -finalizable, -handles -retained, -sql or -export";
        using var cache = new IndexCache();
        var built = cache.Run("-f", target.BeforePath, "-finalizable");
        Assert.Equal(1, IndexCache.Count(built.StandardError, $"the next {Views} of this dump reads them from there"));
        var help = string.Join(' ', IndexCache.RunWithout("--help").StandardOutput.Split((char[])[' ', '\n'], StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains($"retained sizes for the next {Views} of the same dump", help, StringComparison.Ordinal);
    }

    [Fact]
    public void ARetainedDiffKeepsAnIndexForEachDumpAndThenReadsBoth()
    {
        using var cache = new IndexCache();
        string[] diff = ["-f", target.BeforePath, "-f2", target.AfterPath, "-retained"];
        var built = cache.Run(diff);
        Assert.Equal(2, IndexCache.Count(built.StandardError, Kept));
        Assert.Equal(2, cache.IndexFiles.Length);
        var read = cache.Run(diff);
        Assert.Equal(2, IndexCache.Count(read.StandardError, Read));
        Assert.Equal(IndexCache.RunWithout(diff).StandardOutput, read.StandardOutput);
    }

    [Fact]
    public void ADumpWrittenAnewAtTheSamePathIsAnsweredFromItsOwnGraphNotTheOldIndex()
    {
        using var cache = new IndexCache();
        var dump = cache.File("service.dmp");
        File.Copy(target.BeforePath, dump);
        var first = cache.Run("-f", dump, "-retained");
        File.Copy(target.AfterPath, dump, overwrite: true);
        var second = cache.Run("-f", dump, "-retained");
        Assert.Equal(1, IndexCache.Count(second.StandardError, "note: the index of service.dmp was made of an earlier file at that path"));
        Assert.Equal(1, IndexCache.Count(second.StandardError, Kept + "service.dmp"));
        Assert.Equal(0, IndexCache.Count(second.StandardError, Read));
        var fresh = IndexCache.RunWithout("-f", dump, "-retained").StandardOutput;
        Assert.NotEqual(first.StandardOutput, fresh);
        Assert.Equal(fresh, second.StandardOutput);
        Assert.Equal(target.After.RetainedByType(CacheEntry), RetainedTable.Parse(second.StandardOutput)[CacheEntry].Retained);
        Assert.Single(cache.IndexFiles);
    }

    [Fact]
    public void NoIndexNeitherReadsNorWritesOneAndNeitherDoesItsVariable()
    {
        using var cache = new IndexCache();
        var switched = cache.Run("-f", target.BeforePath, "-retained", "-noindex");
        var variable = cache.Run(["-f", target.BeforePath, "-retained"], new Dictionary<string, string?> { ["MEMANALYZER_NOINDEX"] = "1" });
        Assert.False(Directory.Exists(cache.Folder), "the cache folder was made");
        Assert.Equal(0, IndexCache.Count(switched.StandardError + variable.StandardError, "index"));
        Assert.Equal(switched.StandardOutput, variable.StandardOutput);
    }

    [Fact]
    public void ALiveProcessIsNeverIndexed()
    {
        using var cache = new IndexCache();
        var live = cache.Run("-pid", target.Process.Pid.ToString(System.Globalization.CultureInfo.InvariantCulture), "-retained");
        Assert.Contains(CacheEntry, live.StandardOutput, StringComparison.Ordinal);
        Assert.Equal(0, IndexCache.Count(live.StandardError, "index"));
        Assert.Empty(cache.AllFiles);
    }
}

using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Index;

/// <summary>
/// What goes wrong with an index never fails an analysis nor is ever read: a damaged index is removed and rebuilt, a
/// full disk or a read-only cache folder leaves the run without one and says so once, the folder stays within its limit.
/// The full and read-only folders are real tmpfs mounts (the tests run as root, as CI does).
/// </summary>
[Collection(LeaksTargetCollection.Name)]
public sealed class IndexDamageTests(LeaksTarget target)
{
    private const string Kept = "note: kept the live graph and retained sizes of ";
    private const string Read = "were read from its index";

    [Theory]
    [InlineData("cut short", "the index has no end: it was cut short")]
    [InlineData("one byte changed", "does not match its hash")]
    [InlineData("of the previous format", "the index has format 2, not 3")]
    public void ADamagedIndexOrOneOfAnotherFormatIsRemovedAndRebuiltAndNeverRead(string damage, string reason)
    {
        // -retained -roots reads every section (the mark, the graph, the parents of its root paths, the tree, the live
        // table), so a changed byte anywhere is met. (-suspects reads the suspects the first run kept beside it instead.)
        string[] view = ["-f", target.BeforePath, "-retained", "-roots", "*CachedOrder"];
        using var cache = new IndexCache();
        cache.Run(view);
        var index = Assert.Single(cache.IndexFiles);
        using (var file = new FileStream(index, FileMode.Open, FileAccess.ReadWrite))
        {
            if (damage == "cut short")
            {
                file.SetLength(file.Length / 2);
            }
            else if (damage == "of the previous format")
            {
                file.Position = 8;
                file.Write(BitConverter.GetBytes(MemAnalyzer.Index.SectionFile.FormatVersion - 1));
            }
            else
            {
                file.Position = file.Length / 2;
                var value = file.ReadByte();
                file.Position = file.Length / 2;
                file.WriteByte((byte)(value ^ 0x10));
            }
        }
        var rebuilt = cache.Run(view);
        Assert.True(IndexCache.Count(rebuilt.StandardError, $"warning: the index {index} could not be read (") == 1, rebuilt.ToString());
        Assert.Contains(reason, rebuilt.StandardError, StringComparison.Ordinal);
        Assert.Equal(0, IndexCache.Count(rebuilt.StandardError, Read));
        Assert.Equal(1, IndexCache.Count(rebuilt.StandardError, Kept));
        Assert.Equal(IndexCache.RunWithout(view).StandardOutput, rebuilt.StandardOutput);
        var again = cache.Run(view);
        Assert.Equal(1, IndexCache.Count(again.StandardError, Read));
        Assert.Equal(rebuilt.StandardOutput, again.StandardOutput);
    }

    [Theory]
    [InlineData("size=1m", "No space left on device")]
    [InlineData("ro", "Read-only file system")]
    public void AFullOrReadOnlyCacheFolderLeavesTheAnalysisWholeAndSaysSoOnce(string mountOptions, string reason)
    {
        using var cache = new IndexCache();
        var mount = cache.File("mount");
        Directory.CreateDirectory(mount);
        var mounted = ProcessRunner.Run("mount", ["-t", "tmpfs", "-o", mountOptions, "tmpfs", mount]);
        Assert.True(mounted.ExitCode == 0, $"mount needs root, as CI has: {mounted}");
        try
        {
            var environment = new Dictionary<string, string?> { ["XDG_CACHE_HOME"] = mountOptions == "ro" ? mount : Path.Combine(mount, "cache") };
            string[] diff = ["-f", target.BeforePath, "-f2", target.AfterPath, "-retained"];
            var run = cache.Run(diff, environment);
            Assert.True(IndexCache.Count(run.StandardError, "warning:") == 1, run.ToString());
            Assert.Contains(reason, run.StandardError, StringComparison.Ordinal);
            Assert.Equal(0, IndexCache.Count(run.StandardError, Kept));
            Assert.Equal(IndexCache.RunWithout(diff).StandardOutput, run.StandardOutput);
            Assert.Empty(Directory.EnumerateFiles(mount, "*", SearchOption.AllDirectories));
        }
        finally
        {
            ProcessRunner.Run("umount", [mount]);
        }
    }

    [Fact]
    public void TheFolderStaysWithinItsLimitByRemovingTheLeastRecentlyUsedIndex()
    {
        using var cache = new IndexCache();
        cache.Run("-f", target.BeforePath, "-retained");
        cache.Run("-f", target.AfterPath, "-retained");
        var sizes = cache.IndexFiles.Select(f => new FileInfo(f).Length).ToArray();
        var limitMb = (sizes.Max() + (1 << 20) - 1) >> 20;
        Assert.True(limitMb << 20 < sizes.Sum(), $"two indexes of {sizes[0]:N0} and {sizes[1]:N0} bytes fit in {limitMb} MB: the test needs a limit only one fits in");
        foreach (var file in cache.IndexFiles)
        {
            File.Delete(file);
        }
        var limit = new Dictionary<string, string?> { ["MEMANALYZER_INDEX_LIMIT_MB"] = limitMb.ToString(System.Globalization.CultureInfo.InvariantCulture) };
        cache.Run(["-f", target.BeforePath, "-retained"], limit);
        var second = cache.Run(["-f", target.AfterPath, "-retained"], limit);
        Assert.Contains($"(1 older index was removed to stay within {limitMb:N1} MB)", second.StandardError, StringComparison.Ordinal);
        Assert.Single(cache.IndexFiles);
        // The older one went: the first dump is built anew, the second read.
        Assert.Equal(1, IndexCache.Count(cache.Run(["-f", target.AfterPath, "-retained"], limit).StandardError, Read));
        Assert.Equal(1, IndexCache.Count(cache.Run(["-f", target.BeforePath, "-retained"], limit).StandardError, Kept));
    }

    [Fact]
    public void AnIndexLargerThanTheLimitIsNotKept()
    {
        using var cache = new IndexCache();
        var run = cache.Run(["-f", target.BeforePath, "-retained"], new Dictionary<string, string?> { ["MEMANALYZER_INDEX_LIMIT_MB"] = "1" });
        Assert.Equal(1, IndexCache.Count(run.StandardError, "is larger than the index folder's limit (1.0 MB, MEMANALYZER_INDEX_LIMIT_MB): not kept"));
        Assert.Empty(cache.AllFiles);
    }

    [Fact]
    public void TheIndexOfADumpThatIsGoneIsRemovedWhenTheNextIndexIsWritten()
    {
        using var cache = new IndexCache();
        var copy = cache.File("gone.dmp");
        File.Copy(target.BeforePath, copy);
        cache.Run("-f", copy, "-retained");
        var goneIndex = Assert.Single(cache.IndexFiles);
        File.Delete(copy);
        var next = cache.Run("-f", target.AfterPath, "-retained");
        Assert.Contains("(1 older index was removed", next.StandardError, StringComparison.Ordinal);
        Assert.DoesNotContain(goneIndex, cache.IndexFiles);
        Assert.Single(cache.IndexFiles);
    }
}

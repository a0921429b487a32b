using MemAnalyzer.Tests.EndToEnd.Index;
using MemAnalyzer.Tests.EndToEnd.Retention;

namespace MemAnalyzer.Tests.EndToEnd.Sql;

/// <summary>
/// The second query is fast: the first -sql of a dump keeps its tables beside the dump's index (a cache folder of the
/// test's own), the next ones read them from there with the same rows as a run that walks the dump, and a kept file
/// that was damaged is removed, made anew and never read.
/// </summary>
[Collection(RetentionTargetCollection.Name)]
public sealed class SqlKeptTablesTests(RetentionTarget target)
{
    private const string Kept = "note: kept the SQL tables of ";
    private const string Read = "note: the SQL tables of ";
    private const string RefsKept = "note: kept the SQL references of ";
    private const string RefsRead = "note: the SQL references of ";
    private const string IndexKept = "note: kept the live graph and retained sizes of ";
    private const string IndexRead = "note: the live graph and retained sizes of ";
    private const string Objects = "SELECT count(*) AS objects, sum(size) AS bytes, count(*) FILTER (WHERE live) AS live, sum(retained) FILTER (WHERE dominator IS NULL) AS retained FROM objects";
    private const string Others = "SELECT (SELECT count(*) FROM refs) AS refs, (SELECT count(*) FROM refs WHERE field IS NULL) AS unnamed, (SELECT count(*) FROM roots) AS roots, (SELECT sum(length) FROM strings) AS chars, (SELECT sum(live_bytes) FROM types) AS live_bytes";

    [Fact]
    public void ASecondQueryOfTheSameDumpReadsTheKeptTablesEvenOnesTheFirstDidNotNameAndPrintsWhatAWalkPrints()
    {
        using var cache = new IndexCache();

        var first = cache.Run("-f", target.BeforePath, "-sql", Objects, "-format", "json");
        var second = cache.Run("-f", target.BeforePath, "-sql", Objects, "-format", "json");
        var others = cache.Run("-f", target.BeforePath, "-sql", Others, "-format", "json");
        var noIndex = cache.Run("-f", target.BeforePath, "-sql", Objects, "-format", "json", "-noindex");

        Assert.True(IndexCache.Count(first.StandardError, Kept) == 1 && IndexCache.Count(first.StandardError, Read) == 0, first.ToString());
        var check = Assert.Single(cache.IndexFiles, f => f.EndsWith(".sql.maidx", StringComparison.Ordinal));
        Assert.True(File.Exists(check + ".db"), string.Join('\n', cache.AllFiles));
        // References are kept by the first query that names them, not before.
        Assert.True(IndexCache.Count(second.StandardError, RefsKept) == 0 && IndexCache.Count(others.StandardError, RefsKept) == 1, others.ToString());
        foreach (var again in new[] { second, others })
        {
            Assert.True(IndexCache.Count(again.StandardError, Read) == 1 && IndexCache.Count(again.StandardError, Kept) == 0, again.ToString());
        }
        Assert.Equal(IndexCache.RunWithout("-f", target.BeforePath, "-sql", Objects, "-format", "json").StandardOutput, first.StandardOutput);
        Assert.Equal(first.StandardOutput, second.StandardOutput);
        Assert.Equal(IndexCache.RunWithout("-f", target.BeforePath, "-sql", Others, "-format", "json").StandardOutput, others.StandardOutput);
        Assert.Equal(first.StandardOutput, noIndex.StandardOutput);
        Assert.True(IndexCache.Count(noIndex.StandardError, "note: ") == 0, noIndex.ToString());
    }

    [Fact]
    public void AFirstQueryThatNamesRefsKeepsThemBesideTheTablesAndTheNextReadsThemWithAWalksRows()
    {
        using var cache = new IndexCache();

        var first = cache.Run("-f", target.BeforePath, "-sql", Others, "-format", "json");
        var second = cache.Run("-f", target.BeforePath, "-sql", Others, "-format", "json");

        Assert.True(IndexCache.Count(first.StandardError, Kept) == 1 && IndexCache.Count(first.StandardError, RefsKept) == 1, first.ToString());
        Assert.True(IndexCache.Count(second.StandardError, RefsRead) == 1 && IndexCache.Count(second.StandardError, RefsKept) == 0, second.ToString());
        Assert.True(File.Exists(Assert.Single(cache.IndexFiles, f => f.EndsWith(".sqlrefs.maidx", StringComparison.Ordinal)) + ".db"), string.Join('\n', cache.AllFiles));
        Assert.Equal(IndexCache.RunWithout("-f", target.BeforePath, "-sql", Others, "-format", "json").StandardOutput, first.StandardOutput);
        Assert.Equal(first.StandardOutput, second.StandardOutput);
    }

    [Fact]
    public void AFirstQueryAfterRetainedWroteTheIndexTakesItsGraphFromThereAndAnswersAsAWalkDoes()
    {
        using var cache = new IndexCache();
        cache.Run("-f", target.BeforePath, "-retained");

        var first = cache.Run("-f", target.BeforePath, "-sql", Objects, "-format", "json");
        var others = cache.Run("-f", target.BeforePath, "-sql", Others, "-format", "json");

        Assert.True(IndexCache.Count(first.StandardError, IndexRead) >= 1 && IndexCache.Count(first.StandardError, Kept) == 1, first.ToString());
        Assert.True(IndexCache.Count(first.StandardError, IndexKept) == 0, first.ToString());
        Assert.Equal(IndexCache.RunWithout("-f", target.BeforePath, "-sql", Objects, "-format", "json").StandardOutput, first.StandardOutput);
        // The references, which the index does not keep, come from a graph of their own.
        Assert.Equal(IndexCache.RunWithout("-f", target.BeforePath, "-sql", Others, "-format", "json").StandardOutput, others.StandardOutput);
    }

    [Fact]
    public void KeptTablesWhoseIndexWasRemovedStillAnswerTheLiveColumnsAndTheIndexIsBuiltAgain()
    {
        using var cache = new IndexCache();
        var first = cache.Run("-f", target.BeforePath, "-sql", Objects, "-format", "json");
        var index = Assert.Single(cache.IndexFiles, f => !f.EndsWith(".sql.maidx", StringComparison.Ordinal));
        File.Delete(index);

        var second = cache.Run("-f", target.BeforePath, "-sql", Objects, "-format", "json");

        Assert.True(IndexCache.Count(second.StandardError, Read) == 1 && IndexCache.Count(second.StandardError, IndexKept) == 1, second.ToString());
        Assert.True(File.Exists(index), string.Join('\n', cache.AllFiles));
        Assert.Equal(first.StandardOutput, second.StandardOutput);
    }

    [Theory]
    [InlineData("cut short")]
    [InlineData("one byte changed")]
    [InlineData("another file")]
    public void DamagedKeptTablesAreRemovedMadeAnewAndNeverRead(string damage)
    {
        using var cache = new IndexCache();
        var first = cache.Run("-f", target.BeforePath, "-sql", Objects, "-format", "json");
        var check = Assert.Single(cache.IndexFiles, f => f.EndsWith(".sql.maidx", StringComparison.Ordinal));
        var kept = check + ".db";
        using (var file = new FileStream(kept, FileMode.Open, FileAccess.ReadWrite))
        {
            switch (damage)
            {
                case "cut short":
                    file.SetLength(file.Length / 2);
                    break;
                case "one byte changed":
                    file.Position = file.Length / 2;
                    var value = file.ReadByte();
                    file.Position = file.Length / 2;
                    file.WriteByte((byte)(value ^ 0x10));
                    break;
                default:
                    var length = file.Length;
                    file.SetLength(0);
                    file.Write(new byte[length]);
                    break;
            }
        }

        var rebuilt = cache.Run("-f", target.BeforePath, "-sql", Objects, "-format", "json");
        var again = cache.Run("-f", target.BeforePath, "-sql", Objects, "-format", "json");

        Assert.True(IndexCache.Count(rebuilt.StandardError, $"warning: the index {check} could not be read ({kept} is missing, or does not match its length or its hash)") == 1, rebuilt.ToString());
        Assert.True(IndexCache.Count(rebuilt.StandardError, Read) == 0 && IndexCache.Count(rebuilt.StandardError, Kept) == 1, rebuilt.ToString());
        Assert.True(IndexCache.Count(again.StandardError, Read) == 1 && IndexCache.Count(again.StandardError, "warning:") == 0, again.ToString());
        Assert.Equal(first.StandardOutput, rebuilt.StandardOutput);
        Assert.Equal(first.StandardOutput, again.StandardOutput);
    }
}

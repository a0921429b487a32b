using MemAnalyzer.Cli;
using MemAnalyzer.Tests.EndToEnd.Index;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Sql;

/// <summary>
/// A heap whose walk loses more than 1 % yet whose live graph reads (the roots dump's DataInstance[] on the LOH, more
/// than 1 % of the heap, with a length of -1: the walk cannot size it, the mark reads no reference of it) fails -sql and
/// -export with exit 6 before any row is printed, written or exported; -allowdamage prints them. With the index on,
/// such a heap's tables are loaded into a staging database that is queried, never kept, and removed by the run.
/// </summary>
[Collection(RootsCollection.Name)]
public sealed class SqlDamageTests(RootsScenario scenario) : IDisposable
{
    private const string Query = "SELECT count(*) AS objects FROM objects";
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void ADumpWhoseWalkLosesMoreThanOnePercentFailsWithExitCode6BeforeAnyRowIsPrintedWrittenOrExported()
    {
        var (damaged, counted) = Damaged();
        var (csv, export) = (_directory.File("rows.csv"), _directory.File("export"));

        var printed = MemAnalyzerCli.Run("-f", damaged, "-sql", Query);
        var written = MemAnalyzerCli.Run("-f", damaged, "-sql", Query, "-o", csv);
        var exported = MemAnalyzerCli.Run("-f", damaged, "-export", export);
        var allowed = MemAnalyzerCli.Run("-f", damaged, "-sql", Query, "-allowdamage");

        foreach (var refused in new[] { printed, written, exported })
        {
            Assert.True(refused.ExitCode == ExitCodes.HeapUnreadable, refused.ToString());
            Assert.Equal("", refused.StandardOutput);
            Assert.Contains($"% of the managed heap ({ExpectedCounts.DataInstanceArraySize:N0} bytes in 1 damaged places) could not be walked, more than 1 %", CliAssert.ErrorMessage(refused.StandardError, afterWarnings: true), StringComparison.Ordinal);
            // The walk's warning is printed, before the error line, also when the dump stays open for the query.
            Assert.Matches("(?s)^warning: .*could not be walked.*\nerror: ", refused.StandardError);
        }
        Assert.False(File.Exists(csv));
        Assert.Empty(Directory.Exists(export) ? Directory.EnumerateFileSystemEntries(export, "*", SearchOption.AllDirectories) : []);
        Assert.True(allowed.ExitCode == 0, allowed.ToString());
        Assert.Equal($"objects\n{counted}\n(1 row)\n", allowed.StandardOutput);
    }

    [Fact]
    public void ADamagedHeapsTablesAreQueriedFromAStagingDatabaseThatNeitherARefusedNorAnAllowedRunLeavesInTheCacheFolder()
    {
        var (damaged, counted) = Damaged();
        using var cache = new IndexCache();
        var withIndex = new Dictionary<string, string?> { [IndexLocation.DisableVariable] = null, ["XDG_CACHE_HOME"] = cache.CacheHome };

        var refused = MemAnalyzerCli.Run(["-f", damaged, "-sql", Query], withIndex, TimeSpan.FromMinutes(3));
        var allowed = cache.Run("-f", damaged, "-sql", Query, "-allowdamage");

        Assert.True(refused.ExitCode == ExitCodes.HeapUnreadable, refused.ToString());
        Assert.Equal($"objects\n{counted}\n(1 row)\n", allowed.StandardOutput);
        Assert.DoesNotContain(cache.AllFiles, f => f.Contains(".sql.", StringComparison.Ordinal));
    }

    /// <summary>A copy of the roots dump whose DataInstance[] has a length of -1, and the objects a walk of it counts.</summary>
    private (string Path, long Counted) Damaged()
    {
        var damaged = _directory.File("array-length.dmp");
        File.Copy(scenario.DumpPath, damaged);
        var oracle = DamageOracle.Of(scenario.DumpPath);
        var array = oracle.Objects.Single(o => o.Type == ExpectedCounts.TargetNamespace + ".DataInstance[]");
        Assert.Equal(ExpectedCounts.DataInstanceArraySize, (long)array.Size);
        // The walk counts every object outside the damaged place: the array itself, and nothing after it.
        var counted = oracle.CountsOutside([oracle.LostRange(array, array.Address + 8)]).Values.Sum(t => t.Count);
        DumpPatcher.Overwrite(damaged, array.Address + 8, BitConverter.GetBytes(-1));
        return (damaged, counted);
    }
}

using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Reliability;

/// <summary>
/// A gdb gcore dump of a .NET process lacks the memory mapped from files (the assemblies' metadata and code): most
/// types have no name and the roots on thread stacks cannot be found. The all-objects table is still exact (the same
/// counts per MethodTable as a createdump dump of the same process, stopped for both) and exits 0 with a warning that says how
/// many types, why, and which dump to take; -live and -dead are not exact and exit 8 after the table, unless -allowdamage.
/// </summary>
public sealed class GcoreDumpTests : IClassFixture<GcoreDumpPair>
{
    private const string Unknown = "<unknown type, MethodTable 0x";
    private readonly GcoreDumpPair _dumps;

    public GcoreDumpTests(GcoreDumpPair dumps) => _dumps = dumps;

    [Fact]
    public void TheAllObjectsTableOfAGcoreDumpHasExactCountsAndAWarningSayingHowManyTypesHaveNoNameWhyAndWhichDumpToTake()
    {
        var fromGcore = ClrMdOracle.ComputePerMethodTable(_dumps.Gcore, ObjectSet.All);
        var fromCreatedump = ClrMdOracle.ComputePerMethodTable(_dumps.Createdump, ObjectSet.All);
        // The same process, quiescent: the same objects per MethodTable in both dumps; only the names are missing.
        Assert.Equal(fromCreatedump.Select(t => (t.MethodTable, t.Count, t.Bytes)).Order(), fromGcore.Select(t => (t.MethodTable, t.Count, t.Bytes)).Order());
        var unnamed = fromGcore.Count(t => t.Name.StartsWith(Unknown, StringComparison.Ordinal));
        Assert.True(unnamed > fromGcore.Count / 2, $"{unnamed} of {fromGcore.Count} types unnamed: expected most");
        var expected = ClrMdOracle.Compute(_dumps.Gcore, ObjectSet.All);

        var result = MemAnalyzerCli.Run("-f", _dumps.Gcore, "-dts", "100000");

        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = TableOutput.Parse(result.StandardOutput).Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal));
        Assert.Equal(expected.Select(p => (p.Key, p.Value.Count, p.Value.Bytes)).Order(), rows.Select(r => (r.Label, r.Count!.Value, r.Bytes)).Order());
        Assert.Equal(
            $"warning: {unnamed.ToString("N0", CultureInfo.InvariantCulture)} of {expected.Count.ToString("N0", CultureInfo.InvariantCulture)} types have no name (rows {Unknown}…>): the dump lacks the memory mapped from files, " +
            "where the assemblies' metadata and code lie (gcore and kernel core dumps leave it out). The counts per type are exact, but -live and -dead " +
            "miss the roots on thread stacks; pass -bindir with the app's and the runtime's folders, or take the dump with MemAnalyzer -procdump, createdump, or dotnet-dump collect",
            result.StandardError.Trim());
    }

    [Theory]
    [InlineData("-live")]
    [InlineData("-dead")]
    public void LiveOrDeadOnAGcoreDumpPrintsTheTableThenFailsWithExitCode8UnlessAllowed(string selection)
    {
        var refused = MemAnalyzerCli.Run("-f", _dumps.Gcore, selection, "-dts", "100000");
        var allowed = MemAnalyzerCli.Run("-f", _dumps.Gcore, selection, "-dts", "100000", "-allowdamage");

        Assert.True(refused.ExitCode == 8, refused.ToString());
        var last = CliAssert.ErrorMessage(refused.StandardError, afterWarnings: true);
        Assert.Matches(@"^[0-9,]+ types have no name and roots on thread stacks may be missing \(the dump lacks the memory mapped from files, as gcore dumps do\): the live and dead counts above are not exact; pass -bindir with the app's and the runtime's folders, take the dump with MemAnalyzer -procdump, createdump, or dotnet-dump collect, or pass -allowdamage to accept them$", last);
        Assert.True(allowed.ExitCode == 0, allowed.ToString());
        Assert.Equal(allowed.StandardOutput, refused.StandardOutput);
        Assert.True(TableOutput.Parse(allowed.StandardOutput)["Managed Heap(Allocated)!"].Count > 0);
    }

    [Fact]
    public void ACreatedumpDumpOfTheSameProcessHasNoUnnamedTypeWarning()
    {
        var result = MemAnalyzerCli.Run("-f", _dumps.Createdump, "-live");

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.DoesNotContain("have no name", result.StandardError, StringComparison.Ordinal);
    }
}

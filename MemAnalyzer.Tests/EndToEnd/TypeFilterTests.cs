using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd;

/// <summary>-type keeps only the matching type rows, in the table and in a diff; the summary rows still cover every object.</summary>
[Collection(RootsCollection.Name)]
public sealed class TypeFilterTests(RootsScenario scenario)
{
    private const string Ns = ExpectedCounts.TargetNamespace;

    [Fact]
    public void ASubstringKeepsExactlyTheTypesWhoseNameContainsIt()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-type", "LeakyApp.Cwt", "-dtn", "100");

        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = TableOutput.Parse(result.StandardOutput);
        var all = TableOutput.Parse(MemAnalyzerCli.Run("-f", scenario.DumpPath, "-dtn", "100000").StandardOutput);
        var expected = all.Keys.Where(k => k.Contains("LeakyApp.Cwt", StringComparison.Ordinal) || k.StartsWith("Managed Heap", StringComparison.Ordinal));
        Assert.Equal(expected.Order(StringComparer.Ordinal), rows.Keys.Order(StringComparer.Ordinal));
        Assert.Contains($"{Ns}.CwtLiveKey[]", rows.Keys);
        Assert.Equal(5 + 4, rows.Keys.Count(k => k.StartsWith(Ns + ".Cwt", StringComparison.Ordinal) || k.StartsWith("Managed Heap", StringComparison.Ordinal)));
        Assert.Equal((ExpectedCounts.ConditionalWeakTableDeadValues, ExpectedCounts.ConditionalWeakTableDeadValues * ExpectedCounts.LeafSize),
            (rows[$"{Ns}.CwtDeadValue"].Count, rows[$"{Ns}.CwtDeadValue"].Bytes));
        Assert.Equal(all["Managed Heap(Allocated)!"], rows["Managed Heap(Allocated)!"]);
        Assert.Equal(all["Managed Heap(Frozen)"], rows["Managed Heap(Frozen)"]);
    }

    [Fact]
    public void AWildcardPatternMatchesTheWholeName()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-type", "MemAnalyzer.*.StaticHeld*", "-live");

        var types = TableOutput.Parse(result.StandardOutput).Keys.Where(k => !k.StartsWith("Managed Heap", StringComparison.Ordinal));
        Assert.Equal([$"{Ns}.StaticHeld", $"{Ns}.StaticHeld[]"], types.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void ADiffKeepsOnlyTheMatchingTypes()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-f2", scenario.DumpPath, "-type", "StrongHandleHeld", "-showunchanged");

        Assert.True(result.ExitCode == 0, result.ToString());
        var typeLines = result.StandardOutput.Split('\n').Where(l => l.Contains(Ns, StringComparison.Ordinal)).ToList();
        Assert.Single(typeLines);
        Assert.EndsWith($"{Ns}.StrongHandleHeld", typeLines[0].TrimEnd(), StringComparison.Ordinal);
    }

    [Fact]
    public void ATypeFilterThatMatchesNothingWarnsAndStillSucceeds()
    {
        var result = MemAnalyzerCli.Run("-f", scenario.DumpPath, "-type", "leakyapp.staticheld");

        Assert.Equal(0, result.ExitCode);
        Assert.Equal("warning: no type name contains -type \"leakyapp.staticheld\" (type names are case-sensitive, with their namespace)", result.StandardError.Trim());
    }
}

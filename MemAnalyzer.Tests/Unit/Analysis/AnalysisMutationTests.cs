using MemAnalyzer.Analysis;

namespace MemAnalyzer.Tests.Unit.Analysis;

/// <summary>Behaviours the mutation run (scripts/mutate.sh analysis) found untested in ranking, diffing, N and -type.</summary>
public sealed class AnalysisMutationTests
{
    [Fact]
    public void BySizeATieInBytesIsBrokenByTheLargerCountBeforeTheName() =>
        Assert.Equal(["B", "A"], Ranking.Top([new("A", 1, 100), new("B", 9, 100)], SortKey.Bytes, 10, 0).Select(t => t.TypeName));

    [Fact]
    public void ByCountATieInInstancesIsBrokenByTheLargerBytesBeforeTheName() =>
        Assert.Equal(["B", "A"], Ranking.Top([new("A", 5, 10), new("B", 5, 90)], SortKey.Count, 10, 0).Select(t => t.TypeName));

    [Fact]
    public void ByRetainedTypesAreOrderedByRetainedBytesThenBytesThenNameAndAMissingRetainedCountsAsZero()
    {
        TypeStatistics[] types = [new("NoRetained", 1, 5000), new("Small", 1, 10, 100), new("Big", 1, 10, 900), new("TieLarger", 1, 50, 100)];

        Assert.Equal(["Big", "TieLarger", "Small", "NoRetained"], Ranking.Top(types, SortKey.Retained, 10, 0).Select(t => t.TypeName));
    }

    [Fact]
    public void TheCountFilterOfZeroStillDropsTypesWithNoInstances() =>
        Assert.Equal(["A"], Ranking.Top([new("A", 1, 1), new("Empty", 0, 0)], SortKey.Bytes, 10, 0).Select(t => t.TypeName));

    [Fact]
    public void ADiffWithRetainedSizesCarriesThemAndTheirDeltaAndAOneSidedTypeGetsZeroRetained()
    {
        TypeStatistics[] first = [new("A", 1, 10, 100), new("Gone", 1, 10, 40)];
        TypeStatistics[] second = [new("A", 1, 10, 250), new("New", 1, 10, 70)];

        var diff = SnapshotDiff.Compare(first, second).ToDictionary(d => d.TypeName);

        Assert.Equal((100L, 250L, 150L), (diff["A"].Retained1!.Value, diff["A"].Retained2!.Value, diff["A"].DeltaRetained!.Value));
        Assert.Equal((40L, 0L, -40L), (diff["Gone"].Retained1!.Value, diff["Gone"].Retained2!.Value, diff["Gone"].DeltaRetained!.Value));
        Assert.Equal((0L, 70L, 70L), (diff["New"].Retained1!.Value, diff["New"].Retained2!.Value, diff["New"].DeltaRetained!.Value));
    }

    [Fact]
    public void ADiffWithoutRetainedSizesHasNoRetainedDelta()
    {
        var diff = SnapshotDiff.Compare([new("A", 1, 10)], [new("A", 2, 20)]).Single();

        Assert.Equal(((long?)null, (long?)null, (long?)null), (diff.Retained1, diff.Retained2, diff.DeltaRetained));
        Assert.Null(new TypeDiff("A", 1, 2, 10, 20, 5, null).DeltaRetained);
        Assert.Null(new TypeDiff("A", 1, 2, 10, 20, null, 5).DeltaRetained);
    }

    [Fact]
    public void AverageSizesAreBytesPerInstanceOnEachSide()
    {
        var diff = new TypeDiff("A", 4, 5, 100, 250);

        Assert.Equal(((long?)25, (long?)50), (diff.AverageSize1, diff.AverageSize2));
        Assert.Equal(((long?)null, (long?)50), (new TypeDiff("A", 0, 5, 0, 250).AverageSize1, new TypeDiff("A", 0, 5, 0, 250).AverageSize2));
    }

    [Fact]
    public void DiffRowsRankedByRetainedUseTheAbsoluteRetainedDelta()
    {
        TypeDiff[] diffs = [new("Up", 1, 1, 1, 1, 100, 150), new("Down", 1, 1, 1, 1, 500, 300), new("None", 1, 1, 1, 100)];

        Assert.Equal(["Down", "Up", "None"], SnapshotDiff.Top(diffs, SortKey.Retained, 10, 0).Select(d => d.TypeName));
    }

    [Fact]
    public void DiffRowsRankedByCountUseTheAbsoluteInstanceDelta()
    {
        TypeDiff[] diffs = [new("Up", 1, 3, 0, 0), new("Down", 9, 1, 0, 0)];

        Assert.Equal(["Down", "Up"], SnapshotDiff.Top(diffs, SortKey.Count, 10, 0).Select(d => d.TypeName));
    }

    [Fact]
    public void TheDiffNFilterCountsAShrinkingTypeByItsAbsoluteInstanceDeltaAndIsStrict()
    {
        TypeDiff[] diffs = [new("Shrunk", 10, 2, 0, 0), new("Grew", 1, 4, 0, 0), new("Exactly", 1, 3, 0, 0)];

        Assert.Equal(["Shrunk", "Grew"], SnapshotDiff.Top(diffs, SortKey.Count, 10, 2).Select(d => d.TypeName));
    }

    [Fact]
    public void SummaryRowsKeepTheFirstSidesOrderAndADuplicateLabelOnTheSecondSidePairsWithItsFirstRow()
    {
        SummaryRow[] first = [new("B", 10, null), new("A", 20, null)];
        SummaryRow[] second = [new("A", 25, null), new("B", 11, null), new("B", 99, null)];

        var summaries = SnapshotDiff.CompareSummaries(first, second);

        Assert.Equal([("B", 1L), ("A", 5L)], summaries.Select(s => (s.Label, s.DeltaBytes)));
        Assert.Null(new SummaryDiff("X", 1, 2, 3, null).DeltaCount);
        Assert.Null(new SummaryDiff("X", 1, 2, null, 3).DeltaCount);
    }

    [Theory]
    [InlineData("N#")]
    [InlineData("N#-3")]
    [InlineData("N#+3")]
    [InlineData("+5")]
    [InlineData("2147483648")]
    [InlineData("x#5")]
    [InlineData("N5")]
    public void MalformedNAndCountFiltersAreRejected(string text)
    {
        Assert.Null(TopNQuery.TryParse(text, out var error));
        Assert.Contains(text, error, StringComparison.Ordinal);
    }

    [Fact]
    public void ASingleSemicolonWithANumberIsTheNumber()
    {
        Assert.Equal(new TopNQuery(7, 0), TopNQuery.TryParse("7;", out var error));
        Assert.Null(error);
        Assert.Equal(new TopNQuery(null, 3), TopNQuery.TryParse(";N#3", out _));
    }

    [Fact]
    public void AStarPatternIsAnchoredAtTheStartOfTheName()
    {
        Assert.False(new TypeFilter("Shop.*").Matches("Acme.Shop.Order"));
        Assert.True(new TypeFilter("Shop.*").Matches("Shop.Order"));
    }

    [Fact]
    public void AStarPatternTreatsRegexCharactersLiterally()
    {
        Assert.False(new TypeFilter("A.B*").Matches("AxB"));
        Assert.True(new TypeFilter("A.B*").Matches("A.B"));
    }

    [Fact]
    public void OnlyTextWithAStarIsAPatternAndNoFilterKeepsEveryName()
    {
        Assert.True(new TypeFilter("List<*>").IsPattern);
        Assert.False(new TypeFilter("List").IsPattern);
        Assert.True(TypeFilter.Keeps(null, "anything"));
        Assert.False(TypeFilter.Keeps(new TypeFilter("Order"), "Customer"));
        Assert.True(TypeFilter.Keeps(new TypeFilter("Order"), "Acme.Order"));
    }
}

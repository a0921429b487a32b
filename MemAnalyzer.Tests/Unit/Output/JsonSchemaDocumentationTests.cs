using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.Unit.Output;

/// <summary>The schema table of memanalyzer/1 (docs/scripting.md, linked from the README) names every field the tests validate documents against.</summary>
public sealed partial class JsonSchemaDocumentationTests
{
    [Fact]
    public void EveryFieldOfTheSchemaIsNamedInTheDocumentedSchemaTable()
    {
        var page = File.ReadAllText(Path.Combine(RepositoryPaths.Root, "docs", "scripting.md"));
        var start = page.IndexOf("| field | meaning |", StringComparison.Ordinal);
        Assert.True(start >= 0, "docs/scripting.md has no schema table");
        var end = page.IndexOf("\n\n", start, StringComparison.Ordinal);
        var table = end < 0 ? page[start..] : page[start..end];
        var named = Words().Matches(table).Select(m => m.Value).ToHashSet(StringComparer.Ordinal);

        Assert.Equal([], JsonReportSchema.FieldNames.Where(f => !named.Contains(f)));
    }

    [GeneratedRegex("[A-Za-z][A-Za-z0-9]*")]
    private static partial Regex Words();
}

using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.Unit.Output;

/// <summary>The README's table of schema memanalyzer/1 names every field the tests validate documents against.</summary>
public sealed partial class JsonSchemaDocumentationTests
{
    [Fact]
    public void EveryFieldOfTheSchemaIsNamedInTheReadmesSchemaTable()
    {
        var readme = File.ReadAllText(Path.Combine(RepositoryPaths.Root, "README.md"));
        var start = readme.IndexOf("| field | meaning |", StringComparison.Ordinal);
        Assert.True(start >= 0, "the README has no schema table");
        var table = readme[start..readme.IndexOf("\n\n", start, StringComparison.Ordinal)];
        var named = Words().Matches(table).Select(m => m.Value).ToHashSet(StringComparer.Ordinal);

        Assert.Equal([], JsonReportSchema.FieldNames.Where(f => !named.Contains(f)));
    }

    [GeneratedRegex("[A-Za-z][A-Za-z0-9]*")]
    private static partial Regex Words();
}

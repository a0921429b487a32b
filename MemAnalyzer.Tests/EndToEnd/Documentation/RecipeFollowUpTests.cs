using System.Text.RegularExpressions;
using MemAnalyzer.Tests.EndToEnd.Retention;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Documentation;

/// <summary>
/// The follow-up commands a recipe tells the reader to type, taken from the documentation as written and run on the
/// leaks dump (its PricePublisher holds the planted Subscribers through an event): they answer, they do not exit 1.
/// </summary>
[Collection(LeaksTargetCollection.Name)]
public sealed partial class RecipeFollowUpTests(LeaksTarget target)
{
    [Fact]
    public void TheEventHandlerRecipesRootsCommandGivesThePathOfEveryPlantedSubscriber()
    {
        var command = Assert.Single(RootsCommand().Matches(Section("docs/views.md", "### Recipe: an event-handler leak"))).Groups[1].Value;

        var result = MemAnalyzerCli.Run(["-f", target.BeforePath, .. Words(command)]);

        Assert.True(result.ExitCode == 0, $"{command}: {result}");
        var path = Assert.Single(RootPathTests.Paths(result.StandardOutput));
        Assert.Equal((ExpectedCounts.LeaksSubscribers, ExpectedCounts.LeaksSubscribers * ExpectedCounts.LeaksSubscriberSize), (path.Count, path.Bytes));
        Assert.EndsWith($"(Subscriber.{ExpectedCounts.LeaksHandlerMethod}) → Subscriber", path.Path, StringComparison.Ordinal);
    }

    /// <summary>The text of a document's section, from its heading to the next heading of any level.</summary>
    private static string Section(string document, string heading)
    {
        var lines = File.ReadAllLines(Path.Combine(RepositoryPaths.Root, document));
        var start = Array.IndexOf(lines, heading);
        Assert.True(start >= 0, $"{document} has no heading '{heading}'");
        return string.Join('\n', lines.Skip(start + 1).TakeWhile(l => !l.StartsWith('#')));
    }

    /// <summary>A command as a POSIX shell splits it: at spaces, with single quotes removed.</summary>
    private static string[] Words(string command) => [.. ShellWord().Matches(command).Select(m => m.Value.Replace("'", "", StringComparison.Ordinal))];

    [GeneratedRegex("`(-roots [^`]+)`")]
    private static partial Regex RootsCommand();

    [GeneratedRegex("(?:'[^']*'|[^ '])+")]
    private static partial Regex ShellWord();
}

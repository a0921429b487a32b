using System.Text;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Documentation;

/// <summary>
/// Every relative link of README.md and docs/*.md leads somewhere: the file exists, and an anchor (#…) is a heading of that
/// file as GitHub names it (lower case, punctuation dropped, spaces made hyphens, a repeated heading numbered -1, -2, …).
/// </summary>
public sealed partial class MarkdownLinkTests
{
    public static TheoryData<string> Documents()
    {
        var data = new TheoryData<string>();
        data.Add("README.md");
        foreach (var file in Directory.GetFiles(Path.Combine(RepositoryPaths.Root, "docs"), "*.md").Order(StringComparer.Ordinal))
        {
            data.Add(Path.GetRelativePath(RepositoryPaths.Root, file));
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(Documents))]
    public void EveryRelativeLinkAndAnchorOfTheDocumentLeadsToAFileAndAHeadingThatExist(string document)
    {
        var path = Path.Combine(RepositoryPaths.Root, document);
        var links = Links(File.ReadAllLines(path)).ToList();

        var broken = links.Where(link => Problem(path, link) is not null).Select(link => $"{link}: {Problem(path, link)}").ToList();

        Assert.True(broken.Count == 0, $"{document}: {broken.Count} broken link(s):\n{string.Join('\n', broken)}");
    }

    [Fact]
    public void AHeadingsAnchorIsNamedAsGitHubNamesIt()
    {
        Assert.Equal(
            ["leak-suspects-and-the-dominator-tree--suspects--dominators", "json-output--format-json--o-filejson", "tests", "tests-1"],
            Anchors(["## Leak suspects and the dominator tree (-suspects, -dominators)", "### JSON output (`-format json`, `-o file.json`)", "## Tests", "```", "# not a heading", "```", "## Tests"]));
    }

    private static string? Problem(string document, string link)
    {
        var hash = link.IndexOf('#', StringComparison.Ordinal);
        var (file, anchor) = hash < 0 ? (link, null) : (link[..hash], link[(hash + 1)..]);
        var target = file.Length == 0 ? document : Path.GetFullPath(Path.Combine(Path.GetDirectoryName(document)!, Uri.UnescapeDataString(file)));
        if (!File.Exists(target) && !Directory.Exists(target))
        {
            return $"no file {Path.GetRelativePath(RepositoryPaths.Root, target)}";
        }
        if (anchor is null || !target.EndsWith(".md", StringComparison.Ordinal))
        {
            return null;
        }
        return Anchors(File.ReadAllLines(target)).Contains(anchor) ? null : $"no heading #{anchor} in {Path.GetRelativePath(RepositoryPaths.Root, target)}";
    }

    /// <summary>The relative link targets of the text, outside code blocks and code spans.</summary>
    private static IEnumerable<string> Links(IEnumerable<string> lines)
    {
        foreach (var line in Prose(lines))
        {
            foreach (Match match in LinkPattern().Matches(CodeSpan().Replace(line, "")))
            {
                var target = match.Groups[1].Value;
                if (!target.Contains("://", StringComparison.Ordinal) && !target.StartsWith("mailto:", StringComparison.Ordinal))
                {
                    yield return target;
                }
            }
        }
    }

    private static List<string> Anchors(IEnumerable<string> lines)
    {
        var anchors = new List<string>();
        var seen = new Dictionary<string, int>(StringComparer.Ordinal);
        foreach (var line in Prose(lines).Where(l => HeadingPattern().IsMatch(l)))
        {
            var text = HeadingPattern().Match(line).Groups[1].Value.Trim().ToLowerInvariant();
            var slug = new StringBuilder();
            foreach (var c in text)
            {
                if (char.IsLetterOrDigit(c) || c is '-' or '_')
                {
                    slug.Append(c);
                }
                else if (c == ' ')
                {
                    slug.Append('-');
                }
            }
            var name = slug.ToString();
            var repeats = seen.GetValueOrDefault(name);
            seen[name] = repeats + 1;
            anchors.Add(repeats == 0 ? name : $"{name}-{repeats}");
        }
        return anchors;
    }

    /// <summary>The lines outside fenced and indented code blocks.</summary>
    private static IEnumerable<string> Prose(IEnumerable<string> lines)
    {
        var fenced = false;
        foreach (var line in lines)
        {
            if (line.TrimStart().StartsWith("```", StringComparison.Ordinal))
            {
                fenced = !fenced;
                continue;
            }
            if (!fenced && !line.StartsWith("    ", StringComparison.Ordinal) && !line.StartsWith('\t'))
            {
                yield return line;
            }
        }
    }

    [GeneratedRegex(@"\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+""[^""]*"")?\)")]
    private static partial Regex LinkPattern();

    [GeneratedRegex("`+[^`]*`+")]
    private static partial Regex CodeSpan();

    [GeneratedRegex(@"^#{1,6}\s+(.*?)\s*#*$")]
    private static partial Regex HeadingPattern();
}

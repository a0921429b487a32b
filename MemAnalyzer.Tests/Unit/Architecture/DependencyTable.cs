using System.Text.RegularExpressions;

namespace MemAnalyzer.Tests.Unit.Architecture;

/// <summary>
/// The table of allowed folder dependencies in docs/development.md ("## Folder dependencies"): one row per product
/// folder, whether it is a core folder, and the folders it may use.
/// </summary>
internal sealed record DependencyTable(IReadOnlyDictionary<string, DependencyRow> Rows)
{
    public const string Heading = "## Folder dependencies";

    public static DependencyTable Read(string markdown)
    {
        var start = markdown.IndexOf(Heading + "\n", StringComparison.Ordinal);
        if (start < 0)
        {
            throw new InvalidOperationException($"docs/development.md has no '{Heading}' section");
        }
        var rows = new Dictionary<string, DependencyRow>(StringComparer.Ordinal);
        var inTable = false;
        foreach (var line in markdown[(start + Heading.Length + 1)..].Split('\n'))
        {
            if (!line.StartsWith('|'))
            {
                if (inTable)
                {
                    break;
                }
                continue;
            }
            inTable = true;
            var cells = line.Trim('|').Split('|').Select(cell => cell.Trim().Trim('`')).ToArray();
            if (cells.Length != 3 || cells[0] == "folder" || cells[0].StartsWith("---", StringComparison.Ordinal))
            {
                continue;
            }
            var uses = Regex.Matches(cells[2], @"\(root\)|[A-Za-z]+").Select(match => match.Value).ToHashSet(StringComparer.Ordinal);
            rows.Add(cells[0], new DependencyRow(cells[0], cells[1] == "yes", uses));
        }
        return new DependencyTable(rows);
    }
}

/// <summary>One folder's row: core folders may not touch Console, Environment, Cli, Commands or Output.</summary>
internal sealed record DependencyRow(string Folder, bool Core, IReadOnlySet<string> MayUse);

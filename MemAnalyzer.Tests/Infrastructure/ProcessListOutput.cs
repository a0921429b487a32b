using System.Globalization;
using System.Text.RegularExpressions;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>One row of the -ps table.</summary>
public sealed record ProcessListRow(int Pid, string Name, string Runtime, string ResidentMegabytes, string Ptrace, string Socket, string CommandLine);

/// <summary>Parses MemAnalyzer -ps output: the header, then one process per line with the command line last.</summary>
public static partial class ProcessListOutput
{
    public static IReadOnlyDictionary<int, ProcessListRow> Parse(string stdout)
    {
        var lines = stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Matches(@"^PID\s+Name\s+Runtime\s+RSS\(MB\)\s+Ptrace\s+Socket\s+CommandLine$", lines[0].TrimEnd());
        return Unfolded(lines).Select(line =>
        {
            var match = Row().Match(line.TrimEnd());
            Assert.True(match.Success, $"unparseable -ps row: '{line}'");
            string Cell(int i) => match.Groups[i].Value;
            return new ProcessListRow(int.Parse(Cell(1), CultureInfo.InvariantCulture), Cell(2), Cell(3), Cell(4), Cell(5), Cell(6), Cell(7));
        }).ToDictionary(r => r.Pid);
    }

    /// <summary>The rows with a folded command line joined again: a continuation line is blank up to the CommandLine column.</summary>
    public static IEnumerable<string> Unfolded(IReadOnlyList<string> lines)
    {
        var column = lines[0].IndexOf("CommandLine", StringComparison.Ordinal);
        var rows = new List<string>();
        foreach (var line in lines.Skip(1))
        {
            if (rows.Count > 0 && line.Length > column && line[..column].Trim().Length == 0)
            {
                rows[^1] += " " + line[column..];
            }
            else
            {
                rows.Add(line);
            }
        }
        return rows;
    }

    [GeneratedRegex(@"^\s*(\d+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(yes|no)\s+(yes|denied|none)\s+(.+)$")]
    private static partial Regex Row();
}

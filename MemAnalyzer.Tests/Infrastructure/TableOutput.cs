using System.Globalization;
using System.Text.RegularExpressions;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>One row of MemAnalyzer's console table.</summary>
public sealed record TableRow(long Bytes, long? Count, string Label);

/// <summary>Parses MemAnalyzer's single-target console table back into rows.</summary>
public static partial class TableOutput
{
    public static IReadOnlyDictionary<string, TableRow> Parse(string stdout)
    {
        var rows = new Dictionary<string, TableRow>(StringComparer.Ordinal);
        foreach (var row in Rows(stdout))
        {
            rows.Add(row.Label, row);
        }
        return rows;
    }

    /// <summary>Every row in table order, also two with the same label (which <see cref="Parse"/> refuses).</summary>
    public static IReadOnlyList<TableRow> Rows(string stdout)
    {
        var lines = stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        Assert.StartsWith("Allocated", lines[0], StringComparison.Ordinal);
        var rows = new List<TableRow>();
        foreach (var line in lines.Skip(1))
        {
            var match = RowPattern().Match(line);
            Assert.True(match.Success, $"unparseable row: '{line}'");
            var count = match.Groups["count"].Value;
            rows.Add(new TableRow(
                long.Parse(match.Groups["bytes"].Value, NumberStyles.AllowThousands | NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture),
                count.Length == 0 ? null : long.Parse(count, NumberStyles.AllowThousands | NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture),
                match.Groups["label"].Value));
        }
        return rows;
    }

    [GeneratedRegex(@"^(?<bytes>-?[\d,]+)\s+(?<count>-?[\d,]+)?\s+(?<label>[^\s\d-].*)$")]
    private static partial Regex RowPattern();
}

using System.Globalization;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>One row of MemAnalyzer's diff table; null where a cell is blank.</summary>
public sealed record DiffRow(long DeltaBytes, long? DeltaCount, long? Count1, long? Count2, long Bytes1, long Bytes2, long? AverageSize1, long? AverageSize2, string Label);

/// <summary>Parses the diff console table by the column positions its header gives (blank cells make splitting ambiguous).</summary>
public static class DiffTableOutput
{
    public static readonly string[] Header =
        ["Delta(Bytes)", "Delta(Instances)", "Instances", "Instances2", "Allocated(Bytes)", "Allocated2(Bytes)", "AvgSize(Bytes)", "AvgSize2(Bytes)", "Type"];

    public static IReadOnlyDictionary<string, DiffRow> Parse(string stdout) => ParseRows(stdout).ToDictionary(r => r.Label, StringComparer.Ordinal);

    public static IReadOnlyList<DiffRow> ParseRows(string stdout)
    {
        var lines = stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(l => l.TrimEnd('\r')).ToList();
        var header = lines[0];
        var starts = new int[Header.Length];
        var from = 0;
        for (var c = 0; c < Header.Length; c++)
        {
            starts[c] = header.IndexOf(Header[c], from, StringComparison.Ordinal);
            Assert.True(starts[c] >= 0, $"diff header lacks '{Header[c]}': {header}");
            from = starts[c] + Header[c].Length;
        }
        return lines.Skip(1).Select(line =>
        {
            string Cell(int c) => c == Header.Length - 1 ? line[starts[c]..] : line[starts[c]..(starts[c + 1] - 2)].Trim();
            long? Number(int c) => Cell(c).Length == 0 ? null : long.Parse(Cell(c), NumberStyles.AllowThousands | NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
            return new DiffRow(Number(0)!.Value, Number(1), Number(2), Number(3), Number(4)!.Value, Number(5)!.Value, Number(6), Number(7), Cell(8));
        }).ToList();
    }
}

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

    public static IReadOnlyList<DiffRow> ParseRows(string stdout) =>
        Cells(stdout, Header).Select(cells =>
        {
            long? Number(int c) => cells[c].Length == 0 ? null : long.Parse(cells[c], NumberStyles.AllowThousands | NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
            return new DiffRow(Number(0)!.Value, Number(1), Number(2), Number(3), Number(4)!.Value, Number(5)!.Value, Number(6), Number(7), cells[8]);
        }).ToList();

    /// <summary>The -dstrings diff: the same columns up to Allocated2, then the value.</summary>
    public static IReadOnlyList<DiffRow> ParseStringRows(string stdout) =>
        Cells(stdout, [.. Header[..6], "Value"]).Select(cells =>
        {
            long? Number(int c) => cells[c].Length == 0 ? null : long.Parse(cells[c], NumberStyles.AllowThousands | NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
            return new DiffRow(Number(0)!.Value, Number(1), Number(2), Number(3), Number(4)!.Value, Number(5)!.Value, null, null, cells[6]);
        }).ToList();

    /// <summary>Cells by the positions of the header's names; the last column runs to the end of the line.</summary>
    public static IReadOnlyList<string[]> Cells(string stdout, IReadOnlyList<string> header)
    {
        var lines = stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(l => l.TrimEnd('\r')).ToList();
        var starts = new int[header.Count];
        var from = 0;
        for (var c = 0; c < header.Count; c++)
        {
            starts[c] = lines[0].IndexOf(header[c], from, StringComparison.Ordinal);
            Assert.True(starts[c] >= 0, $"table header lacks '{header[c]}': {lines[0]}");
            from = starts[c] + header[c].Length;
        }
        return lines.Skip(1).Select(line => Enumerable.Range(0, header.Count)
            .Select(c => c == header.Count - 1 ? line[starts[c]..] : line[starts[c]..(starts[c + 1] - 2)].Trim())
            .ToArray()).ToList();
    }
}

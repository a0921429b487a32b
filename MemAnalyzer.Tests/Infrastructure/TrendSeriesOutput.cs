namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>The -trend console table of series, read by the positions its header gives.</summary>
public static class TrendSeriesOutput
{
    /// <summary>Label → (verdict, bytes/iteration, instances/iteration, points), cut at the header's Series column.</summary>
    public static Dictionary<string, (string Verdict, string Bytes, string Count, string Points)> Parse(string stdout)
    {
        var lines = stdout.Split('\n');
        var header = Array.FindIndex(lines, l => l.StartsWith("Verdict ", StringComparison.Ordinal) && l.EndsWith("Series", StringComparison.Ordinal));
        Assert.True(header >= 0, stdout);
        var series = lines[header].IndexOf("Series", StringComparison.Ordinal);
        var verdictEnd = lines[header].IndexOf("Growth", StringComparison.Ordinal);
        return lines.Skip(header + 1).TakeWhile(l => l.Length > series).ToDictionary(l => l[series..], l =>
        {
            var numbers = l[verdictEnd..series].Split("  ", StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
            return (l[..verdictEnd].Trim(), numbers[0], numbers[1], numbers[^1]);
        });
    }
}

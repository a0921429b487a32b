using System.Globalization;

namespace MemAnalyzer.Tests.EndToEnd.Retention;

/// <summary>Parses a console table with a Retained column: Allocated, Instances, Retained, Type.</summary>
public static class RetainedTable
{
    public sealed record Row(long Bytes, long Count, long Retained);

    public static IReadOnlyDictionary<string, Row> Parse(string stdout)
    {
        var rows = new Dictionary<string, Row>(StringComparer.Ordinal);
        foreach (var line in stdout.Split('\n').Skip(1))
        {
            var parts = line.Split(' ', 4, StringSplitOptions.RemoveEmptyEntries);
            if (parts.Length == 4 && long.TryParse(parts[2], NumberStyles.AllowThousands, CultureInfo.InvariantCulture, out var retained))
            {
                rows[parts[3].Trim()] = new Row(N(parts[0]), N(parts[1]), retained);
            }
        }
        return rows;
    }

    private static long N(string text) => long.Parse(text, NumberStyles.AllowThousands, CultureInfo.InvariantCulture);
}

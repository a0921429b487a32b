using System.Globalization;

namespace MemAnalyzer.Analysis;

/// <summary>
/// The original's <c>-dts</c>/<c>-dtn</c> value: <c>N</c>, <c>N;N#k</c> or <c>N#k</c>.
/// The first number is how many rows to show; <c>N#k</c> keeps only types with more than k instances.
/// </summary>
public sealed record TopNQuery(int? TopN, long MinCount)
{
    public static TopNQuery Default { get; } = new(null, 0);

    private const string PositiveNumber = "N is a positive number of rows such as 20, optionally followed by ;N#<count> (5000;N#200: the top 5000 types with more than 200 instances)";

    /// <summary>Parses the query, or returns null with a reason.</summary>
    public static TopNQuery? TryParse(string text, out string? error)
    {
        error = null;
        int? topN = null;
        long minCount = 0;
        var parts = text.Replace(" ", "", StringComparison.Ordinal).Split(';');
        if (parts.Length > 2 || parts.All(p => p.Length == 0))
        {
            error = $"'{text}' is not a valid N: " + PositiveNumber;
            return null;
        }

        foreach (var part in parts)
        {
            if (part.Length == 0)
            {
                continue;
            }
            if (part.Length > 2 && (part[0] is 'N' or 'n') && part[1] == '#')
            {
                if (!long.TryParse(part.AsSpan(2), NumberStyles.None, CultureInfo.InvariantCulture, out minCount))
                {
                    error = $"'{part}' in '{text}' is not a valid count filter: use N#<count>, for example N#200";
                    return null;
                }
            }
            else if (topN is null && int.TryParse(part, NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n > 0)
            {
                topN = n;
            }
            else if (topN is null && part.All(char.IsAsciiDigit) && part.TrimStart('0').Length > 0)
            {
                error = $"'{part}' in '{text}' is too large: N is at most {int.MaxValue.ToString("N0", CultureInfo.InvariantCulture)}";
                return null;
            }
            else
            {
                error = (part == text ? $"'{text}' is not a valid N: " : $"'{part}' in '{text}' is not a valid N: ") + PositiveNumber;
                return null;
            }
        }
        return new TopNQuery(topN, minCount);
    }
}

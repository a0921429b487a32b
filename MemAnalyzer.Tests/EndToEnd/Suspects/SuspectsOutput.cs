using System.Globalization;
using System.Text.RegularExpressions;

namespace MemAnalyzer.Tests.EndToEnd.Suspects;

/// <summary>The -suspects console output read back: each suspect's lines as the README shows them.</summary>
public static partial class SuspectsOutput
{
    public sealed record Suspect(int Rank, string Type, ulong Address, long Retained, string Share, string PointType, ulong PointAddress, long PointRetained, string Path)
    {
        /// <summary>The root path as printed, with the "▶" marks of its suspect sub-path (<see cref="Path"/> leaves them out).</summary>
        public string Marked { get; init; } = Path;
    }

    public sealed record Growth(int Rank, string PointType, ulong PointAddress, long Growth2, long Retained2, long? Retained1, string Path);

    public static IReadOnlyList<Suspect> Parse(string output)
    {
        var lines = output.Split('\n');
        var result = new List<Suspect>();
        for (var i = 0; i < lines.Length; i++)
        {
            if (Head().Match(lines[i]) is { Success: true } head)
            {
                var point = Point().Match(lines[i + 1]);
                Assert.True(point.Success, lines[i + 1]);
                var path = lines[i + 2].Trim();
                Assert.StartsWith("Root path: ", path, StringComparison.Ordinal);
                result.Add(new Suspect(int.Parse(head.Groups[1].Value, CultureInfo.InvariantCulture), head.Groups[2].Value, Hex(head.Groups[3].Value),
                    Number(head.Groups[4].Value), head.Groups[5].Value, point.Groups[1].Value, Hex(point.Groups[2].Value), Number(point.Groups[3].Value),
                    Unmarked(path["Root path: ".Length..])) { Marked = path["Root path: ".Length..] });
            }
        }
        return result;
    }

    public static IReadOnlyList<Growth> ParseGrowth(string output)
    {
        var lines = output.Split('\n');
        var result = new List<Growth>();
        for (var i = 0; i < lines.Length; i++)
        {
            if (GrowthHead().Match(lines[i]) is { Success: true } head)
            {
                var was = head.Groups[6].Value;
                result.Add(new Growth(int.Parse(head.Groups[1].Value, CultureInfo.InvariantCulture), head.Groups[2].Value, Hex(head.Groups[3].Value),
                    Number(head.Groups[4].Value), Number(head.Groups[5].Value), was.EndsWith(" bytes", StringComparison.Ordinal) ? Number(was[..^6]) : null,
                    Unmarked(lines[i + 1].Trim()["Root path: ".Length..])));
            }
        }
        return result;
    }

    /// <summary>A type group of a diff: "2,000 instances of T (1,000 before), none an owner alone, grew by …: together retain …, was …".</summary>
    public sealed record GroupGrowth(int Rank, string Type, long Instances1, long Instances2, long Growth2, long Retained2, long Retained1, string Path);

    public static IReadOnlyList<GroupGrowth> ParseGroupGrowth(string output)
    {
        var lines = output.Split('\n');
        var result = new List<GroupGrowth>();
        for (var i = 0; i < lines.Length; i++)
        {
            if (GroupGrowthHead().Match(lines[i]) is { Success: true } head)
            {
                result.Add(new GroupGrowth(int.Parse(head.Groups[1].Value, CultureInfo.InvariantCulture), head.Groups[3].Value, Number(head.Groups[4].Value),
                    Number(head.Groups[2].Value), Number(head.Groups[5].Value), Number(head.Groups[6].Value), Number(head.Groups[7].Value),
                    Unmarked(lines[i + 1].Trim()["Root path: ".Length..])));
            }
        }
        return result;
    }

    /// <summary>A path without the "▶" marks of its suspect sub-path.</summary>
    public static string Unmarked(string path) => path.Replace("▶", "", StringComparison.Ordinal);

    public static long Number(string text) => long.Parse(text, NumberStyles.AllowThousands, CultureInfo.InvariantCulture);

    private static ulong Hex(string text) => ulong.Parse(text.AsSpan(2), NumberStyles.HexNumber, CultureInfo.InvariantCulture);

    [GeneratedRegex(@"^(\d+)\. (.+?) (0x[0-9a-f]+) retains ([\d,]+) bytes \(([\d.]+) % of the live heap\)")]
    private static partial Regex Head();

    [GeneratedRegex(@"^   Accumulation point: (.+?) (0x[0-9a-f]+), retains ([\d,]+) bytes")]
    private static partial Regex Point();

    [GeneratedRegex(@"^(\d+)\. (.+?) (0x[0-9a-f]+) grew by ([\d,]+) bytes: retains ([\d,]+) bytes, was (.+)$")]
    private static partial Regex GrowthHead();

    [GeneratedRegex(@"^(\d+)\. ([\d,]+) instances of (.+?) \(([\d,]+) before\), none an owner alone, grew by ([\d,]+) bytes: together retain ([\d,]+) bytes, was ([\d,]+) bytes\r?$")]
    private static partial Regex GroupGrowthHead();
}

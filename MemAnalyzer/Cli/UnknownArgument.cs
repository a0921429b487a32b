using System.Text.RegularExpressions;

namespace MemAnalyzer.Cli;

/// <summary>
/// The error for a word the command line does not know: a mistyped switch gets the switches it is closest to (by
/// edit distance, or that it begins), a bare dump path or pid gets the switch it needs.
/// </summary>
public static partial class UnknownArgument
{
    private const int MaxSuggestions = 3;

    /// <summary>A switch the name begins ranks after one edit and before two.</summary>
    private const double PrefixScore = 1.5;

    /// <param name="switches">Every switch the help lists (-dts, --by-size, …), in the help's order.</param>
    public static string Message(string token, IReadOnlyList<string> switches)
    {
        if (token.Length > 1 && token[0] == '-')
        {
            var name = token.Split(':', '=')[0];
            var suggestions = Suggest(name, switches);
            return suggestions.Count == 0
                ? $"unknown switch {name}: run MemAnalyzer --help for the switches"
                : $"unknown switch {name}: did you mean {Alternatives(suggestions)}? (MemAnalyzer --help lists every switch)";
        }
        if (LooksLikeDump(token))
        {
            return $"'{token}' is not a switch: to analyze a dump, use -f {token}";
        }
        return token.Length > 0 && token.All(char.IsAsciiDigit)
            ? $"'{token}' is not a switch: to analyze a process, use -pid {token}"
            : $"unexpected argument '{token}': switches start with - (run MemAnalyzer --help for the switches)";
    }

    /// <summary>
    /// The same name with another number of dashes alone; otherwise the switches within a small edit distance (one
    /// edit up to five letters, two beyond; none for one or two letters) and those the name begins, closest first.
    /// </summary>
    public static IReadOnlyList<string> Suggest(string name, IReadOnlyList<string> switches)
    {
        var bare = name.TrimStart('-').ToLowerInvariant();
        var sameName = switches.Where(s => s.TrimStart('-').Equals(bare, StringComparison.OrdinalIgnoreCase)).ToList();
        if (sameName.Count > 0 || bare.Length == 0)
        {
            return sameName;
        }
        var limit = bare.Length <= 2 ? 0 : bare.Length <= 5 ? 1 : 2;
        var singleDash = name.Length - bare.Length == 1;
        return switches
            .Select((s, order) => (Switch: s, Order: order, Bare: s.TrimStart('-').ToLowerInvariant()))
            .Select(s => (s.Switch, s.Order, Score: s.Bare.StartsWith(bare, StringComparison.Ordinal) ? PrefixScore : Distance(bare, s.Bare),
                // The dashes the user typed break ties: -dst is closer to -dts than to --dts.
                SameDashes: (s.Switch.Length - s.Bare.Length == 1) == singleDash))
            .Where(s => s.Score == PrefixScore || s.Score <= limit)
            .OrderBy(s => s.Score).ThenBy(s => s.SameDashes ? 0 : 1).ThenBy(s => s.Order)
            .DistinctBy(s => s.Switch.TrimStart('-'), StringComparer.OrdinalIgnoreCase)
            .Select(s => s.Switch)
            .Take(MaxSuggestions)
            .ToList();
    }

    /// <summary>Optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbours.</summary>
    public static int Distance(string a, string b)
    {
        var d = new int[a.Length + 1, b.Length + 1];
        for (var i = 0; i <= a.Length; i++)
        {
            d[i, 0] = i;
        }
        for (var j = 0; j <= b.Length; j++)
        {
            d[0, j] = j;
        }
        for (var i = 1; i <= a.Length; i++)
        {
            for (var j = 1; j <= b.Length; j++)
            {
                var cost = a[i - 1] == b[j - 1] ? 0 : 1;
                d[i, j] = Math.Min(Math.Min(d[i - 1, j] + 1, d[i, j - 1] + 1), d[i - 1, j - 1] + cost);
                if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                {
                    d[i, j] = Math.Min(d[i, j], d[i - 2, j - 2] + 1);
                }
            }
        }
        return d[a.Length, b.Length];
    }

    private static string Alternatives(IReadOnlyList<string> names) =>
        names.Count == 1 ? names[0] : string.Join(", ", names.Take(names.Count - 1)) + " or " + names[^1];

    private static bool LooksLikeDump(string token) =>
        DumpName().IsMatch(Path.GetFileName(token)) || File.Exists(token);

    [GeneratedRegex(@"^core(\.\d+)?$|\.(dmp|core)$", RegexOptions.IgnoreCase | RegexOptions.CultureInvariant)]
    private static partial Regex DumpName();
}

using MemAnalyzer.Views;

namespace MemAnalyzer.Cli;

/// <summary>
/// Rewrites the original's <c>-dts 20</c> (a space before an optional value) into <c>-dts:20</c>, which is the form the
/// command-line library accepts for optional values. Only the listed switches are touched, and only when the
/// next token is no switch and no existing file: a wrong N such as <c>-dts abc</c> is then reported as a wrong N, and
/// <c>-dts core.1234</c> as a dump that needs -f.
/// </summary>
public static class ArgumentNormalizer
{
    private static readonly IReadOnlyList<string> s_optionalValueSwitches = CommandLine.OptionalValueSwitches();

    /// <summary>A view's switch whose value a number may follow (&lt;value&gt; [N]), by each of its forms: the hidden switch that carries the number.</summary>
    private static readonly IReadOnlyList<(string Form, string Top)> s_numbersAfterValue =
        [.. ViewCatalog.All.SelectMany(v => v.Switches).Where(s => s.NumberAfterValue is not null).SelectMany(s => s.Names.Select(n => (n, s.NumberAfterValue!)))];

    /// <summary>A view's switch with an optional number that a second number may follow (-dominators [N] [depth]), by each of its forms: the hidden switch that carries the second.</summary>
    private static readonly IReadOnlyList<(string Form, string Second)> s_secondNumbers =
        [.. ViewCatalog.All.SelectMany(v => v.Switches).Where(s => s.SecondNumber is not null).SelectMany(s => s.Names.Select(n => (n, s.SecondNumber!)))];

    public static string[] Normalize(IReadOnlyList<string> args)
    {
        var result = new List<string>(args.Count);
        for (var i = 0; i < args.Count; i++)
        {
            var current = args[i];
            if (TopSwitchOf(current) is { } topSwitch && i + 2 < args.Count && LooksLikeTopN(args[i + 2]) && !args[i + 2].Contains('#', StringComparison.Ordinal))
            {
                result.AddRange([current, args[i + 1], topSwitch, args[i + 2]]);
                i += 2;
            }
            else if (SecondNumberOf(current) is { } second && i + 2 < args.Count && IsNumber(args[i + 1]) && IsNumber(args[i + 2]))
            {
                result.AddRange([$"{current}:{args[i + 1]}", second, args[i + 2]]);
                i += 2;
            }
            else if (IsDumpSwitch(current) && i + 1 < args.Count)
            {
                // "-f dumps/*.dmp" unquoted reaches us as "-f a.dmp b.dmp ...": each further file is another -f.
                result.AddRange([current, args[++i]]);
                while (i + 1 < args.Count && args[i + 1].Length > 0 && args[i + 1][0] != '-')
                {
                    result.AddRange([current, args[++i]]);
                }
            }
            else if (IsOptionalValueSwitch(current) && i + 1 < args.Count && LooksLikeValue(current, args[i + 1]))
            {
                result.Add($"{current}:{args[i + 1]}");
                i++;
            }
            else
            {
                result.Add(current);
            }
        }
        return [.. result];
    }

    /// <summary>The hidden switch that carries the number after a view's value (-roots, -objects), or null for any other token.</summary>
    private static string? TopSwitchOf(string token) =>
        s_numbersAfterValue.FirstOrDefault(s => s.Form.Equals(token, StringComparison.OrdinalIgnoreCase)).Top;

    private static string? SecondNumberOf(string token) =>
        s_secondNumbers.FirstOrDefault(s => s.Form.Equals(token, StringComparison.OrdinalIgnoreCase)).Second;

    private static bool IsNumber(string token) => token.Length > 0 && token.All(char.IsAsciiDigit);

    private static bool IsDumpSwitch(string token) =>
        token.Equals("-f", StringComparison.OrdinalIgnoreCase) || token.Equals("--file", StringComparison.OrdinalIgnoreCase);

    private static bool IsOptionalValueSwitch(string token) =>
        s_optionalValueSwitches.Any(s => string.Equals(s, token, StringComparison.OrdinalIgnoreCase));

    // A number, "N#k", or "n;N#k" (for -roots, whose type is followed by an optional N).
    private static bool LooksLikeTopN(string token) =>
        token.Length > 0 && (char.IsAsciiDigit(token[0]) || (token.Length > 1 && (token[0] is 'N' or 'n') && token[1] == '#'));

    // Anything starting with '-' is the next switch. -gc takes a command-line text, and the empty text of the original's
    // -gc "" -process <name> (every process of that name); the N of the others is checked by their parser.
    private static bool LooksLikeValue(string option, string token) =>
        option.EndsWith("gc", StringComparison.OrdinalIgnoreCase) ? token.Length == 0 || token[0] != '-' : token.Length > 0 && token[0] != '-' && !File.Exists(token);
}

using System.Text.RegularExpressions;

namespace MemAnalyzer.Tests.EndToEnd.Suspects;

/// <summary>The suspects of a -suspects console output by their "Signature:" lines: each suspect's head line, signature and baseline mark.</summary>
public static partial class SignatureOutput
{
    public sealed record Signed(string Head, string Signature, string? Baseline);

    public static IReadOnlyList<Signed> Parse(string output)
    {
        var result = new List<Signed>();
        string? head = null;
        foreach (var line in output.Split('\n'))
        {
            if (Head().IsMatch(line))
            {
                head = line;
            }
            else if (Line().Match(line) is { Success: true } signed)
            {
                Assert.NotNull(head);
                result.Add(new Signed(head!, signed.Groups[1].Value, signed.Groups[2].Success ? signed.Groups[2].Value : null));
                head = null;
            }
        }
        return result;
    }

    [GeneratedRegex(@"^\d+\. ")]
    private static partial Regex Head();

    [GeneratedRegex(@"^   Signature: ([0-9a-f]{16})(?: \((known|new): (?:in|not in) the baseline\))?$")]
    private static partial Regex Line();
}

namespace MemAnalyzer.Cli;

/// <summary>
/// How a failure is printed on stderr: exactly one line starting with <c>error: </c>; a message longer than
/// <see cref="MaxSingleLine"/> characters is cut after its sentences, then its "; " lists, into that line and detail
/// lines indented by <see cref="DetailIndent"/>. Every cut is at one space after "." ";" or ":", so joining the lines with
/// one space (<see cref="Unfold"/>) gives the message back exactly.
/// </summary>
public static class ErrorText
{
    public const string Prefix = "error: ";
    public const string DetailIndent = "  ";
    public const int MaxSingleLine = 300;

    /// <summary>Pieces longer than this are cut further.</summary>
    private const int MaxPiece = 160;

    public static void Write(TextWriter error, string message)
    {
        foreach (var line in Lines(message))
        {
            error.WriteLine(line);
        }
    }

    public static IReadOnlyList<string> Lines(string message)
    {
        message = message.ReplaceLineEndings(" ");
        if (message.Length <= MaxSingleLine)
        {
            return [Prefix + message];
        }
        var pieces = CutAfter(message, ". ")
            .SelectMany(s => s.Length > MaxPiece ? CutAfter(s, "; ") : [s])
            .SelectMany(s => s.Length > MaxPiece ? CutAfterFirst(s, ": ") : [s])
            .Where(s => s.Length > 0)
            .ToList();
        return [Prefix + pieces[0], .. pieces.Skip(1).Select(p => DetailIndent + p)];
    }

    /// <summary>The message of an error line and the detail lines after it, as one line again.</summary>
    public static string Unfold(string errorLine, IEnumerable<string> detailLines) =>
        string.Join(' ', [errorLine.StartsWith(Prefix, StringComparison.Ordinal) ? errorLine[Prefix.Length..] : errorLine,
            .. detailLines.Select(l => l[DetailIndent.Length..])]);

    public static bool IsDetail(string line) => line.StartsWith(DetailIndent, StringComparison.Ordinal);

    private static IEnumerable<string> CutAfter(string text, string separator)
    {
        var start = 0;
        int at;
        while ((at = text.IndexOf(separator, start, StringComparison.Ordinal)) >= 0)
        {
            yield return text[start..(at + separator.Length - 1)];
            start = at + separator.Length;
        }
        yield return text[start..];
    }

    private static IEnumerable<string> CutAfterFirst(string text, string separator)
    {
        var at = text.IndexOf(separator, StringComparison.Ordinal);
        return at < 0 ? [text] : [text[..(at + separator.Length - 1)], text[(at + separator.Length)..]];
    }
}

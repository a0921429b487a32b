namespace MemAnalyzer.Cli;

/// <summary>
/// How a failure is printed on stderr: exactly one line starting with <c>error: </c>; a message longer than
/// <see cref="MaxSingleLine"/> characters is cut after its sentences, then its "; " lists, into that line and detail
/// lines indented by <see cref="DetailIndent"/>. Every cut is at one space after "." ";" or ":", so joining the lines with
/// one space (<see cref="Unfold"/>) gives the message back exactly. A command the message tells the user to run (the text
/// after <c>run: </c> up to the next <c> (</c> outside single quotes, or the message's end) stands alone on a detail line,
/// never cut, so that it can be copied and run as it is; a message with such a command is always folded.
/// </summary>
public static class ErrorText
{
    public const string Prefix = "error: ";
    public const string DetailIndent = "  ";
    public const int MaxSingleLine = 300;

    /// <summary>Pieces longer than this are cut further.</summary>
    private const int MaxPiece = 120;

    public static void Write(TextWriter error, string message)
    {
        foreach (var line in Lines(message))
        {
            error.WriteLine(line);
        }
    }

    /// <summary>What introduces a command the user is told to run.</summary>
    public const string CommandIntroduction = "run: ";

    public static IReadOnlyList<string> Lines(string message)
    {
        message = message.ReplaceLineEndings(" ");
        var segments = Segments(message);
        if (message.Length <= MaxSingleLine && segments.Count == 1)
        {
            return [Prefix + message];
        }
        var fold = message.Length > MaxSingleLine;
        var pieces = segments
            .SelectMany((s, i) => i % 2 == 1 || !fold ? [s] : Fold(s))
            .Where(s => s.Length > 0)
            .ToList();
        return [Prefix + pieces[0], .. pieces.Skip(1).Select(p => DetailIndent + p)];
    }

    private static IEnumerable<string> Fold(string prose) =>
        CutAfter(prose, ". ")
            .SelectMany(s => s.Length > MaxPiece ? CutAfter(s, "; ") : [s])
            .SelectMany(s => s.Length > MaxPiece ? CutAfterFirst(s, ": ") : [s])
            .SelectMany(Wrap);

    /// <summary>
    /// Prose and commands, alternating (prose first, at even places): each command is cut out with the one space before
    /// and after it, so joining the segments with one space gives the message back.
    /// </summary>
    private static List<string> Segments(string message)
    {
        var segments = new List<string>();
        var start = 0;
        int at;
        while ((at = message.IndexOf(CommandIntroduction, start, StringComparison.Ordinal)) >= 0 && at + CommandIntroduction.Length < message.Length)
        {
            var command = at + CommandIntroduction.Length;
            var end = CommandEnd(message, command);
            segments.Add(message[start..(command - 1)]);
            segments.Add(message[command..end]);
            start = Math.Min(end + 1, message.Length);
        }
        segments.Add(message[start..]);
        return segments;
    }

    /// <summary>Where a command ends: at the next " (" outside single quotes, or the message's end.</summary>
    private static int CommandEnd(string message, int start)
    {
        var quoted = false;
        for (var i = start; i < message.Length; i++)
        {
            quoted ^= message[i] == '\'';
            if (!quoted && string.CompareOrdinal(message, i, " (", 0, 2) == 0)
            {
                return i;
            }
        }
        return message.Length;
    }

    /// <summary>The message of an error line and the detail lines after it, as one line again.</summary>
    public static string Unfold(string errorLine, IEnumerable<string> detailLines) =>
        string.Join(' ', [errorLine.StartsWith(Prefix, StringComparison.Ordinal) ? errorLine[Prefix.Length..] : errorLine,
            .. detailLines.Select(l => l[DetailIndent.Length..])]);

    public static bool IsDetail(string line) => line.StartsWith(DetailIndent, StringComparison.Ordinal);

    /// <summary>Cuts after each <paramref name="separator"/> outside parentheses.</summary>
    private static IEnumerable<string> CutAfter(string text, string separator)
    {
        var start = 0;
        var depth = 0;
        for (var i = 0; i < text.Length; i++)
        {
            depth += text[i] switch { '(' => 1, ')' when depth > 0 => -1, _ => 0 };
            if (depth == 0 && string.CompareOrdinal(text, i, separator, 0, separator.Length) == 0)
            {
                yield return text[start..(i + separator.Length - 1)];
                start = i + separator.Length;
                i = start - 1;
            }
        }
        yield return text[start..];
    }

    /// <summary>A piece still longer than <see cref="MaxPiece"/>, cut at the last space that keeps each line within it (a word longer than that stays whole).</summary>
    private static IEnumerable<string> Wrap(string piece)
    {
        while (piece.Length > MaxPiece && piece.LastIndexOf(' ', MaxPiece) is var space and > 0)
        {
            yield return piece[..space];
            piece = piece[(space + 1)..];
        }
        yield return piece;
    }

    private static IEnumerable<string> CutAfterFirst(string text, string separator) =>
        CutAfter(text, separator).First() is var first && first.Length == text.Length ? [text] : [first, text[(first.Length + 1)..]];
}

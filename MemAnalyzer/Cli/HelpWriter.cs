using System.Globalization;
using System.Text;
using McMaster.Extensions.CommandLineUtils;

namespace MemAnalyzer.Cli;

/// <summary>
/// The help, written straight to stdout (never through a pager) and wrapped at a width at spaces only: a word is never
/// cut, and no line is longer than the width unless one word is. Switches and examples are two columns; when the
/// width leaves the right column too little room, the right text goes below its switch, indented.
/// </summary>
public static class HelpWriter
{
    /// <summary>The width when stdout is not a terminal and COLUMNS is not set, and when a terminal reports none.</summary>
    public const int DefaultWidth = 80;

    /// <summary>Narrower widths are raised to this one.</summary>
    public const int MinimumWidth = 20;

    private const int Indent = 2;
    private const int Gap = 2;
    private const int BelowIndent = 6;
    private const int MinimumRightColumn = 30;
    private const int MaximumLeftColumn = 45;

    /// <summary>A terminal's own width; otherwise COLUMNS, else <see cref="DefaultWidth"/>.</summary>
    public static int Width(bool outputIsTerminal, string? columns)
    {
        var terminal = outputIsTerminal ? TerminalWidth.OfStandardOutput() : 0;
        var width = terminal > 0 ? terminal
            : int.TryParse(columns, NumberStyles.None, CultureInfo.InvariantCulture, out var fromEnvironment) && fromEnvironment > 0 ? fromEnvironment
            : DefaultWidth;
        return Math.Max(width, MinimumWidth);
    }

    public static string Render(CommandLine line, int width)
    {
        var text = new StringBuilder();
        Paragraph(text, HelpText.Title, width, 0);
        text.Append('\n');
        Paragraph(text, HelpText.Usage, width, 0);
        text.Append('\n').Append("Options:\n");
        var switches = line.App.Options.Where(o => o.ShowInHelpText).Select(o => (Template(o), o.Description ?? "")).ToList();
        switches.Insert(switches.FindIndex(s => s.Item1.StartsWith("-gc|", StringComparison.Ordinal)), (CommandLine.ProcDumpTemplate, CommandLine.ProcDumpDescription));
        Columns(text, switches, width);
        text.Append('\n').Append("Examples:\n");
        Columns(text, HelpText.Examples, width);
        text.Append('\n');
        Paragraph(text, HelpText.ExitCodesLine(), width, 0);
        return text.ToString();
    }

    /// <summary>An option as the help shows it: -dts|--by-size[=N], -o|--output &lt;FILE.csv&gt;, --version.</summary>
    public static string Template(CommandOption option)
    {
        var names = string.Join('|', new[] { option.SymbolName, option.ShortName }.Where(n => !string.IsNullOrEmpty(n)).Select(n => "-" + n)
            .Concat(string.IsNullOrEmpty(option.LongName) ? [] : ["--" + option.LongName]));
        return option.OptionType switch
        {
            CommandOptionType.NoValue => names,
            CommandOptionType.SingleOrNoValue => $"{names}[={option.ValueName}]",
            _ => $"{names} <{option.ValueName}>",
        };
    }

    private static void Columns(StringBuilder text, IReadOnlyList<(string Left, string Right)> rows, int width)
    {
        var column = Indent + Math.Min(MaximumLeftColumn, rows.Max(r => r.Left.Length)) + Gap;
        var sideBySide = width - column >= MinimumRightColumn;
        foreach (var (left, right) in rows)
        {
            if (sideBySide && Indent + left.Length + Gap <= column)
            {
                var lines = Wrap(right, width - column);
                text.Append(' ', Indent).Append(left).Append(' ', column - Indent - left.Length).Append(lines[0]).Append('\n');
                foreach (var rest in lines.Skip(1))
                {
                    text.Append(' ', column).Append(rest).Append('\n');
                }
                continue;
            }
            Paragraph(text, left, width, Indent, Indent + Gap);
            Paragraph(text, right, width, sideBySide ? column : BelowIndent);
        }
    }

    private static void Paragraph(StringBuilder text, string paragraph, int width, int indent, int? continuationIndent = null)
    {
        var lines = Wrap(paragraph, width - indent);
        text.Append(' ', indent).Append(lines[0]).Append('\n');
        var next = continuationIndent ?? indent;
        foreach (var rest in Wrap(string.Join(' ', lines.Skip(1)), width - next).Where(_ => lines.Count > 1))
        {
            text.Append(' ', next).Append(rest).Append('\n');
        }
    }

    /// <summary>Words (split at spaces) filled into lines of at most <paramref name="width"/> characters; a longer word gets a line of its own.</summary>
    public static IReadOnlyList<string> Wrap(string paragraph, int width)
    {
        width = Math.Max(width, 1);
        var lines = new List<string>();
        var current = new StringBuilder();
        foreach (var word in paragraph.Split(' ', StringSplitOptions.RemoveEmptyEntries))
        {
            if (current.Length > 0 && current.Length + 1 + word.Length > width)
            {
                lines.Add(current.ToString());
                current.Clear();
            }
            current.Append(current.Length > 0 ? " " : "").Append(word);
        }
        lines.Add(current.ToString());
        return lines;
    }
}

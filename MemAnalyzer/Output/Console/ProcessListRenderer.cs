using System.Globalization;
using System.Text;
using MemAnalyzer.Capture;

namespace MemAnalyzer.Output;

/// <summary>
/// The -ps table: one row per process, the command line last (unpadded, it is the longest). Given a width, a command
/// line that does not fit is folded at spaces onto lines indented to its column (a word longer than the room keeps a
/// line of its own).
/// </summary>
public static class ProcessListRenderer
{
    public static readonly IReadOnlyList<string> Header = ["PID", "Name", "Runtime", "RSS(MB)", "Ptrace", "Socket", "CommandLine"];

    public static void Write(TextWriter writer, IReadOnlyList<DotNetProcess> processes, int? width = null)
    {
        var table = new StringWriter { NewLine = "\n" };
        TextTable.Write(table, Header, [.. processes.Select(Row)], s_textColumns);
        var lines = table.ToString().Split('\n');
        var column = lines[0].IndexOf(Header[^1], StringComparison.Ordinal);
        foreach (var line in lines.Take(lines.Length - 1))
        {
            if (width is not int room || line.Length <= room || room - column < 20)
            {
                writer.WriteLine(line);
                continue;
            }
            var current = new StringBuilder(line[..column]);
            var indent = new string(' ', column);
            var first = true;
            foreach (var word in line[column..].Split(' '))
            {
                if (!first && current.Length + 1 + word.Length > room)
                {
                    writer.WriteLine(current.ToString());
                    current.Clear().Append(indent);
                    first = true;
                }
                current.Append(first ? "" : " ").Append(word);
                first = false;
            }
            writer.WriteLine(current.ToString());
        }
    }

    // Name, Ptrace and Socket are words: left-aligned under their headers.
    private static readonly HashSet<int> s_textColumns = [1, 4, 5];

    private static IReadOnlyList<string> Row(DotNetProcess p) =>
    [
        p.Process.Pid.ToString(CultureInfo.InvariantCulture),
        p.App,
        p.RuntimeVersion ?? "?",
        p.ResidentBytes is long bytes ? (bytes / (1024.0 * 1024)).ToString("F1", CultureInfo.InvariantCulture) : "?",
        p.Ptrace ? "yes" : "no",
        p.Socket switch { SocketAccess.Available => "yes", SocketAccess.Denied => "denied", _ => "none" },
        // An exiting process has no command line any more: its name in brackets, as ps shows it.
        p.Process.CommandLine.Length > 0 ? p.Process.CommandLine : $"[{p.Process.Name}]",
    ];
}

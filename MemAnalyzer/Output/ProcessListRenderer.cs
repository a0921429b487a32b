using System.Globalization;
using MemAnalyzer.Capture;

namespace MemAnalyzer.Output;

/// <summary>The -ps table: one row per process, the command line last (unpadded, it is the longest).</summary>
public static class ProcessListRenderer
{
    public static readonly IReadOnlyList<string> Header = ["PID", "Name", "Runtime", "RSS(MB)", "Ptrace", "Socket", "CommandLine"];

    public static void Write(TextWriter writer, IReadOnlyList<DotNetProcess> processes) =>
        TextTable.Write(writer, Header, [.. processes.Select(Row)], s_textColumns);

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

namespace MemAnalyzer.Capture;

/// <summary>
/// How a name or command-line text picks processes, for every switch that takes a pid (-pid, -pid2, -gc, -procdump):
/// the app's name (LeakyApp, LeakyApp.dll), the kernel's name (comm), or, with <c>contains</c>, any part of the command line.
/// </summary>
public static class ProcessMatch
{
    /// <summary>The app a command line runs: the .dll that the dotnet host runs, else the executable's file name.</summary>
    public static string App(string commandLine)
    {
        var parts = commandLine.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        var dll = parts.Skip(1).FirstOrDefault(p => p.EndsWith(".dll", StringComparison.OrdinalIgnoreCase));
        return Path.GetFileName(parts.Length > 0 && Path.GetFileName(parts[0]) == "dotnet" && dll is not null ? dll : parts.FirstOrDefault() ?? "");
    }

    /// <summary>The app without its .dll extension (LeakyApp), for the -ps table.</summary>
    public static string AppName(TargetProcessInfo process)
    {
        var app = App(process.CommandLine);
        return app.Length == 0 ? process.Name : app.EndsWith(".dll", StringComparison.OrdinalIgnoreCase) ? app[..^4] : app;
    }

    public static bool Names(TargetProcessInfo process, string text) =>
        string.Equals(process.Name, text, StringComparison.Ordinal) || string.Equals(App(process.CommandLine), text, StringComparison.Ordinal)
        || string.Equals(AppName(process), text, StringComparison.Ordinal);

    /// <summary>MemAnalyzer's own processes (this one, its analysis child, its parent) are never a target found by text.</summary>
    public static bool IsMemAnalyzer(TargetProcessInfo process) =>
        process.Pid == Environment.ProcessId || string.Equals(AppName(process), "MemAnalyzer", StringComparison.OrdinalIgnoreCase);

    /// <summary>The one match, or an error that lists every match (pid and command line) or says there is none.</summary>
    public static TargetProcessInfo Single(string text, IReadOnlyList<TargetProcessInfo> matches, string kind) => matches.Count switch
    {
        0 => throw new MemAnalyzerException(ExitCodes.NoMatchingProcess,
            $"no running {kind} matches '{text}' (by name or command line): check it with MemAnalyzer -ps, or give the pid"),
        1 => matches[0],
        _ => throw new MemAnalyzerException(ExitCodes.AmbiguousProcess,
            $"{matches.Count} {kind}es match '{text}': {string.Join("; ", matches.Select(m => $"{m.Pid} ({m.CommandLine})"))}; give the pid, or more of the command line"),
    };
}

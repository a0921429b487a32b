using MemAnalyzer.Output;

namespace MemAnalyzer.Cli;

public sealed partial class AnalyzeCommand
{
    /// <summary>
    /// A progress line on stderr for long walks, only when stderr is an interactive terminal and the run is neither
    /// -silent nor writing CSV (-o): scripts and leak-tracking loops stay quiet.
    /// </summary>
    private ProgressRenderer? CreateProgress() =>
        !ErrorIsTerminal || Silent || OutputFile is not null ? null : new ProgressRenderer(Console.Error);

    // In the isolated analysis child stderr is a pipe to the parent, which says whether the user's stderr is a terminal.
    private static bool ErrorIsTerminal =>
        IsolatedRunner.IsChild ? Environment.GetEnvironmentVariable(IsolatedRunner.ErrorIsTerminalVariable) == "1" : !Console.IsErrorRedirected;
}

using MemAnalyzer.Output;

namespace MemAnalyzer.Cli;

public sealed partial class AnalyzeCommand
{
    /// <summary>
    /// A progress line on stderr for long walks, only when stderr is an interactive terminal and the run is neither
    /// -silent nor writing CSV (-o): scripts and leak-tracking loops stay quiet.
    /// </summary>
    private ProgressRenderer? CreateProgress() =>
        Console.IsErrorRedirected || Silent || OutputFile is not null ? null : new ProgressRenderer(Console.Error);
}

using MemAnalyzer.Dac;
using MemAnalyzer.Heap;
using MemAnalyzer.Output;

namespace MemAnalyzer.Commands;

/// <summary>
/// Everything a command may touch besides its request: where it writes, how walks run, where DACs are found, and
/// when to stop. Built once at the edge; no command reads the environment or the static console.
/// </summary>
/// <param name="Out">The table, or the CSV notice.</param>
/// <param name="Error">Warnings, notes and progress.</param>
/// <param name="Silent">-silent: no notes.</param>
/// <param name="AllowDamage">-allowdamage: exit 0 even when more than 1 % of a heap could not be walked.</param>
/// <param name="Verbose">-verbose: notes on the walk's own memory, even with -silent.</param>
/// <param name="ErrorIsTerminal">The user's stderr is an interactive terminal (progress lines are drawn only there).</param>
/// <param name="PauseInJsonWrite">Fault injection for the tests: a pause halfway through writing a JSON file, to kill the run there.</param>
public sealed record RunContext(
    TextWriter Out,
    TextWriter Error,
    bool Silent,
    bool ErrorIsTerminal,
    WalkOptions Walk,
    DacSearchOptions Dac,
    CancellationToken Cancellation,
    bool AllowDamage = false,
    bool Verbose = false,
    TimeSpan PauseInJsonWrite = default)
{
    /// <summary>
    /// The width of the user's screen for tables that fold a long last column (-ps): the terminal's, or COLUMNS; null
    /// when stdout goes to a file or pipe without COLUMNS, so that scripts get one line per row.
    /// </summary>
    public int? OutputWidth { get; init; }

    /// <summary>
    /// A progress line on stderr for long walks, only when stderr is an interactive terminal and the run is neither
    /// -silent nor writing CSV (-o): scripts and leak-tracking loops stay quiet.
    /// </summary>
    public IProgress<HeapWalkProgress>? Progress(bool writingCsv) =>
        !ErrorIsTerminal || Silent || writingCsv ? null : new ProgressRenderer(Error);
}

using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>
/// The command line as a view reads it: which switches were given and their values (by the short form, "-handles"),
/// and what Cli made of the shared switches: the targets, the paths of a batch (several -f, or a pattern; else null), the unit (parsed when the
/// view asks, after its own checks) and the destination.
/// </summary>
public sealed record ViewLine(Func<string, bool> Has, Func<string, string?> Value, TargetSpec First, TargetSpec? Second, IReadOnlyList<string>? Batch, Func<SizeUnit> Unit,
    ReportDestination Output)
{
    /// <summary>The destination of -o, -format and -html, made when a view that reads it after its own checks asks (their errors come later).</summary>
    public Func<ReportDestination> Destination { get; init; } = () => Output;

    /// <summary>A command line a view cannot run: exit 1 with what to change.</summary>
    public static MemAnalyzerException Invalid(string message) => new(ExitCodes.InvalidArguments, message);
}

using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>
/// Several dumps (repeated -f, or a glob), each analyzed on its own in an isolated child as <see cref="Each"/> says,
/// into one table, CSV or JSON document. <see cref="Each"/> is the request built for the first dump.
/// </summary>
public sealed record BatchRequest(IReadOnlyList<string> Dumps, CommandRequest Each) : CommandRequest
{
    public override IReadOnlyList<TargetSpec> Targets => [.. Dumps.Select(TargetSpec.Dump)];

    /// <summary>The Context column (CSV) and field (JSON) of one dump of a batch: its file name, after the -context text when one was given.</summary>
    public static string Context(string? contextText, string dumpPath)
    {
        var name = Path.GetFileName(dumpPath);
        return string.IsNullOrEmpty(contextText) ? name : $"{contextText} {name}";
    }

    /// <summary>Where the rows of <see cref="Each"/> go.</summary>
    public ReportDestination Output => Each switch
    {
        HistogramRequest h => h.Output,
        DuplicateStringsRequest s => s.Output,
        _ => ReportDestination.Console,
    };
}

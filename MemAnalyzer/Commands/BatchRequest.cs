using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>
/// Several dumps (repeated -f, or a glob), each analyzed on its own in an isolated child as <see cref="Each"/> says,
/// into one table, CSV or JSON document. <see cref="Each"/> is the request built for the first dump.
/// </summary>
public sealed record BatchRequest(IReadOnlyList<string> Dumps, CommandRequest Each) : CommandRequest
{
    public override IReadOnlyList<TargetSpec> Targets => [.. Dumps.Select(TargetSpec.Dump)];

    /// <summary>
    /// The Context column (CSV) and field (JSON) of one dump of a batch: the -context text as the user wrote it (empty without
    /// one); the Name column tells the dumps apart, and -trend adds the name to the label where one text covers several dumps.
    /// </summary>
    public static string Context(string? contextText) => contextText ?? "";

    /// <summary>Where the rows of <see cref="Each"/> go.</summary>
    public ReportDestination Output => Each is RunnableRequest r ? r.Destination : ReportDestination.Console;
}

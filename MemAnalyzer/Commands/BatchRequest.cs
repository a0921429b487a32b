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

    /// <summary>The CSV and JSON destinations of <see cref="Each"/>.</summary>
    public (CsvOutput? Csv, JsonOutput? Json) Outputs => Each switch
    {
        HistogramRequest h => (h.Csv, h.Json),
        DuplicateStringsRequest s => (s.Csv, s.Json),
        _ => (null, null),
    };
}

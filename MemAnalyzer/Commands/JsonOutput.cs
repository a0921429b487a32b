using MemAnalyzer.Output;

namespace MemAnalyzer.Commands;

/// <summary>A run's JSON destination (-o FILE.json, or -format json for stdout) and the values stamped on its targets.</summary>
/// <param name="Path">The file, replaced whole; null for stdout.</param>
public sealed record JsonOutput(string? Path, ReportStamp Stamp)
{
    /// <summary>Checked before any heap is walked, so that a long walk never ends in "cannot write".</summary>
    public void Validate()
    {
        if (Path is not null)
        {
            JsonReportFile.Validate(Path);
        }
    }

    /// <summary>The note on stderr before the file is written (unless -silent): stdout holds only tables.</summary>
    public string Notice() => $"note: writing output to json file {Path}{(File.Exists(Path) ? ", replacing it" : "")}";

    /// <summary>Writes the document: to stdout, or to the file after a note on <see cref="RunContext.Error"/> unless -silent.</summary>
    public void Write(JsonReport report, RunContext context)
    {
        if (Path is null)
        {
            JsonReportFile.Write(context.Out, report);
            return;
        }
        if (!context.Silent)
        {
            context.Error.WriteLine(Notice());
        }
        JsonReportFile.Write(Path, report, context.PauseInJsonWrite);
    }
}

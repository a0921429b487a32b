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

    /// <summary>The line on stdout before the file is written (unless -silent).</summary>
    public string Notice() => $"Writing output to json file {Path}.{(File.Exists(Path) ? " The file is replaced." : "")}";

    /// <summary>Writes the document: to stdout, or to the file after a notice on <see cref="RunContext.Out"/> unless -silent.</summary>
    public void Write(JsonReport report, RunContext context)
    {
        if (Path is null)
        {
            JsonReportFile.Write(context.Out, report);
            return;
        }
        if (!context.Silent)
        {
            context.Out.WriteLine(Notice());
        }
        JsonReportFile.Write(Path, report, context.PauseInJsonWrite);
    }
}

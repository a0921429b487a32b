namespace MemAnalyzer.Output;

/// <summary>Where and how a CSV report is written.</summary>
/// <param name="ExcelSeparatorLine">Begin new files with "sep=&lt;c&gt;" so Excel splits the columns right.</param>
public sealed record CsvTarget(string Path, char Separator, bool Overwrite, bool ExcelSeparatorLine)
{
    /// <summary>
    /// In one dump's child of a batch: the file of its own its block goes to (<see cref="CsvBatchBlocks"/>), which the
    /// batch puts into <see cref="Path"/> in the order of the dumps. <see cref="Path"/> is still what is checked first.
    /// </summary>
    public string? Staging { get; init; }
}

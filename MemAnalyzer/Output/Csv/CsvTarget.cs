namespace MemAnalyzer.Output;

/// <summary>Where and how a CSV report is written.</summary>
/// <param name="ExcelSeparatorLine">Begin new files with "sep=&lt;c&gt;" so Excel splits the columns right.</param>
public sealed record CsvTarget(string Path, char Separator, bool Overwrite, bool ExcelSeparatorLine);

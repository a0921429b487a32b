namespace MemAnalyzer.Analysis;

/// <summary>The head of a MemAnalyzer CSV: an optional "sep=" line (Excel's), then the header line. Written and read by one rule.</summary>
public static class CsvHead
{
    /// <summary>Excel's first line that names the separator: "sep=" and one character.</summary>
    public const string ExcelSeparatorPrefix = "sep=";

    /// <summary>The separator of a "sep=" first line (Excel's), if any, and the header line; both null for an empty text.</summary>
    public static (char? Separator, string? Header) Read(TextReader reader)
    {
        var first = reader.ReadLine();
        if (first is null)
        {
            return (null, null);
        }
        if (first.StartsWith(ExcelSeparatorPrefix, StringComparison.Ordinal) && first.Length == ExcelSeparatorPrefix.Length + 1)
        {
            return (first[^1], reader.ReadLine());
        }
        return (null, first);
    }
}

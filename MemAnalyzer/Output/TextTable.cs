namespace MemAnalyzer.Output;

/// <summary>
/// Writes rows as aligned columns: numbers right-aligned, the last column (a type name or label) left-aligned and unpadded.
/// </summary>
public static class TextTable
{
    private const string Gap = "  ";

    public static void Write(TextWriter writer, IReadOnlyList<string> header, IReadOnlyList<IReadOnlyList<string>> rows)
    {
        var columns = header.Count;
        var widths = new int[columns];
        for (var c = 0; c < columns - 1; c++)
        {
            widths[c] = Math.Max(header[c].Length, rows.Count == 0 ? 0 : rows.Max(r => r[c].Length));
        }

        WriteLine(writer, header, widths, alignHeader: true);
        foreach (var row in rows)
        {
            WriteLine(writer, row, widths, alignHeader: false);
        }
    }

    private static void WriteLine(TextWriter writer, IReadOnlyList<string> cells, int[] widths, bool alignHeader)
    {
        for (var c = 0; c < cells.Count - 1; c++)
        {
            writer.Write(alignHeader ? cells[c].PadRight(widths[c]) : cells[c].PadLeft(widths[c]));
            writer.Write(Gap);
        }
        writer.WriteLine(cells[^1]);
    }
}

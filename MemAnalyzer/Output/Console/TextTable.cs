namespace MemAnalyzer.Output;

/// <summary>
/// Writes rows as aligned columns: numbers right-aligned, the last column (a type name or label) left-aligned and unpadded.
/// Columns listed in <c>textColumns</c> are left-aligned too.
/// </summary>
public static class TextTable
{
    private const string Gap = "  ";

    public static void Write(TextWriter writer, IReadOnlyList<string> header, IReadOnlyList<IReadOnlyList<string>> rows, IReadOnlySet<int>? textColumns = null)
    {
        var columns = header.Count;
        var widths = new int[columns];
        for (var c = 0; c < columns - 1; c++)
        {
            widths[c] = Math.Max(header[c].Length, rows.Count == 0 ? 0 : rows.Max(r => r[c].Length));
        }

        WriteLine(writer, header, widths, alignHeader: true, textColumns);
        foreach (var row in rows)
        {
            WriteLine(writer, row, widths, alignHeader: false, textColumns);
        }
    }

    private static void WriteLine(TextWriter writer, IReadOnlyList<string> cells, int[] widths, bool alignHeader, IReadOnlySet<int>? textColumns)
    {
        for (var c = 0; c < cells.Count - 1; c++)
        {
            writer.Write(alignHeader || textColumns?.Contains(c) == true ? cells[c].PadRight(widths[c]) : cells[c].PadLeft(widths[c]));
            writer.Write(Gap);
        }
        writer.WriteLine(cells[^1]);
    }
}

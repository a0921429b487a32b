namespace MemAnalyzer.Output;

/// <summary>
/// The CSV of a batch, one block per dump in the order of the dumps (as a JSON report has its targets), whichever dump
/// ends first: each dump's child writes its block to a file of its own (its header line, then its rows), and the batch
/// writes them all into the CSV at the end with one append (or one replacement with -overwrite), under the same lock,
/// header check and roll-back as any run's block (<see cref="CsvFileAppender"/>).
/// </summary>
public static class CsvBatchBlocks
{
    /// <summary>One dump's block, written by its child: the header line first, so that the batch knows the columns.</summary>
    public static void WriteOne<TRow>(string path, CsvSchema<TRow> map, IReadOnlyList<TRow> rows, char separator) =>
        File.WriteAllBytes(path, CsvBlock.Render(map, rows, separator, writeHeader: true, excelLine: false));

    /// <summary>
    /// The blocks of the files that exist among <paramref name="blocks"/> (a dump that failed before its rows has none),
    /// in that order, into <paramref name="target"/>; nothing when none exists.
    /// </summary>
    public static void WriteAll(CsvTarget target, IReadOnlyList<string> blocks)
    {
        var written = blocks.Where(File.Exists).Select(File.ReadAllBytes).ToList();
        if (written.Count == 0)
        {
            return;
        }
        var header = HeaderOf(written[0]);
        using var rows = new MemoryStream();
        foreach (var block in written)
        {
            var start = HeaderOf(block).Length + 1;
            if (start < block.Length)
            {
                rows.Write(block, start, block.Length - start);
            }
        }
        var excelLine = System.Text.Encoding.UTF8.GetBytes($"{Analysis.CsvHead.ExcelSeparatorPrefix}{target.Separator}\n");
        CsvFileAppender.Write(target, System.Text.Encoding.UTF8.GetString(header), fresh =>
            fresh ? [.. target.ExcelSeparatorLine ? excelLine : [], .. header, (byte)'\n', .. rows.ToArray()] : rows.ToArray());
    }

    /// <summary>A block's first line, without its line end.</summary>
    private static byte[] HeaderOf(byte[] block)
    {
        var end = Array.IndexOf(block, (byte)'\n');
        return end < 0 ? block : block[..end];
    }
}

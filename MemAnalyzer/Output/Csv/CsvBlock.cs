using System.Globalization;
using System.Text;
using CsvHelper;
using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>
/// One block of CSV rows as text, written by CsvHelper's writer from a <see cref="CsvSchema{TRow}"/>: its header line,
/// its rows, and the "sep=" line Excel reads first. Pure: no files.
/// </summary>
public static class CsvBlock
{
    /// <summary>The header line exactly as CsvHelper writes it for this schema, for comparison with an existing file.</summary>
    public static string HeaderLine<TRow>(CsvSchema<TRow> map, char separator)
    {
        using var text = new StringWriter(CultureInfo.InvariantCulture);
        using (var csv = CsvWriter.Create(text, Options(separator), leaveOpen: true))
        {
            csv.WriteRecord([.. map.Names]);
        }
        return text.ToString().TrimEnd('\n', '\r');
    }

    public static byte[] Render<TRow>(CsvSchema<TRow> map, IReadOnlyList<TRow> rows, char separator, bool writeHeader, bool excelLine)
    {
        using var text = new StringWriter(CultureInfo.InvariantCulture) { NewLine = "\n" };
        if (excelLine)
        {
            text.Write($"{CsvHead.ExcelSeparatorPrefix}{separator}\n");
        }
        using (var csv = CsvWriter.Create(text, Options(separator), leaveOpen: true))
        {
            if (writeHeader)
            {
                csv.WriteRecord([.. map.Names]);
            }
            foreach (var row in rows)
            {
                csv.WriteRecord(map.Fields(row));
            }
        }
        return new UTF8Encoding(encoderShouldEmitUTF8Identifier: false).GetBytes(text.ToString());
    }

    // CsvHelper 33's quoting, which the files tracked so far were written with: also fields with a space at either end.
    private static CsvWriterOptions Options(char separator) => CsvWriterOptions.Default with
    {
        Separator = separator,
        NewLine = "\n",
        Quoting = CsvQuoting.WhenNeededOrWhitespace,
    };

    /// <summary>The head of a CSV file, read from its start; the stream stays open and is left positioned anywhere.</summary>
    public static (char? Separator, string? Header) ReadHead(Stream file)
    {
        file.Seek(0, SeekOrigin.Begin);
        using var reader = new StreamReader(file, new UTF8Encoding(false), detectEncodingFromByteOrderMarks: true, bufferSize: 4096, leaveOpen: true);
        return CsvHead.Read(reader);
    }
}

using System.Globalization;
using System.Text;
using CsvHelper;
using CsvHelper.Configuration;
using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>
/// One block of CSV rows as text, through a CsvHelper ClassMap: its header line, its rows, and the "sep=" line Excel
/// reads first. Pure: no files.
/// </summary>
public static class CsvBlock
{
    /// <summary>The header line exactly as CsvHelper writes it for this map, for comparison with an existing file.</summary>
    public static string HeaderLine<TRow>(ClassMap<TRow> map, char separator)
    {
        using var text = new StringWriter(CultureInfo.InvariantCulture);
        using (var csv = new CsvWriter(text, Configuration(separator)))
        {
            csv.Context.RegisterClassMap(map);
            csv.WriteHeader<TRow>();
            csv.NextRecord();
        }
        return text.ToString().TrimEnd('\n', '\r');
    }

    public static byte[] Render<TRow>(ClassMap<TRow> map, IReadOnlyList<TRow> rows, char separator, bool writeHeader, bool excelLine)
    {
        using var text = new StringWriter(CultureInfo.InvariantCulture) { NewLine = "\n" };
        if (excelLine)
        {
            text.Write($"{CsvHead.ExcelSeparatorPrefix}{separator}\n");
        }
        using (var csv = new CsvWriter(text, Configuration(separator) with { HasHeaderRecord = writeHeader }))
        {
            csv.Context.RegisterClassMap(map);
            csv.WriteRecords(rows);
        }
        return new UTF8Encoding(encoderShouldEmitUTF8Identifier: false).GetBytes(text.ToString());
    }

    private static CsvConfiguration Configuration(char separator) => new(CultureInfo.InvariantCulture)
    {
        Delimiter = separator.ToString(),
        NewLine = "\n",
    };

    /// <summary>The head of a CSV file, read from its start; the stream stays open and is left positioned anywhere.</summary>
    public static (char? Separator, string? Header) ReadHead(Stream file)
    {
        file.Seek(0, SeekOrigin.Begin);
        using var reader = new StreamReader(file, new UTF8Encoding(false), detectEncodingFromByteOrderMarks: true, bufferSize: 4096, leaveOpen: true);
        return CsvHead.Read(reader);
    }
}

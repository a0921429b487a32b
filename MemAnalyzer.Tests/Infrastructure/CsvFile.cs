using System.Globalization;
using CsvHelper;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>A CSV file as a spreadsheet reads it: the optional sep= line, one header, then records of named fields.</summary>
public sealed record CsvFile(string? ExcelSeparatorLine, IReadOnlyList<string> Header, IReadOnlyList<IReadOnlyDictionary<string, string>> Rows)
{
    /// <summary>Reads with CsvHelper; a record whose field count differs from the header's fails the test (CsvFormatException).</summary>
    public static CsvFile Read(string path, char separator = '\t')
    {
        using var reader = new StreamReader(path);
        string? sepLine = null;
        if (reader.Peek() == 's')
        {
            sepLine = reader.ReadLine();
        }
        var options = CsvReaderOptions.Default with { Separator = separator, FieldCountMismatch = CsvFieldCountHandling.Throw };
        using var csv = CsvReader.Create(reader, options);
        csv.ReadHeader();
        var header = csv.Headers.ToArray();
        Assert.True(header.Length > 0, $"{path} has no header");
        var rows = new List<IReadOnlyDictionary<string, string>>();
        while (csv.Read())
        {
            rows.Add(header.Select((name, i) => (name, value: csv.GetString(i))).ToDictionary(p => p.name, p => p.value, StringComparer.Ordinal));
        }
        return new CsvFile(sepLine, header, rows);
    }

    public static long Number(IReadOnlyDictionary<string, string> row, string column) =>
        long.Parse(row[column], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
}

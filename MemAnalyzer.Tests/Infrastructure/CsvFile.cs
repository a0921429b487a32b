using System.Globalization;
using CsvHelper;
using CsvHelper.Configuration;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>A CSV file as a spreadsheet reads it: the optional sep= line, one header, then records of named fields.</summary>
public sealed record CsvFile(string? ExcelSeparatorLine, IReadOnlyList<string> Header, IReadOnlyList<IReadOnlyDictionary<string, string>> Rows)
{
    /// <summary>Reads with CsvHelper; a record whose field count differs from the header's fails the test.</summary>
    public static CsvFile Read(string path, char separator = '\t')
    {
        using var reader = new StreamReader(path);
        string? sepLine = null;
        if (reader.Peek() == 's')
        {
            sepLine = reader.ReadLine();
        }
        var configuration = new CsvConfiguration(CultureInfo.InvariantCulture) { Delimiter = separator.ToString(), DetectColumnCountChanges = true };
        using var csv = new CsvReader(reader, configuration);
        Assert.True(csv.Read(), $"{path} has no header");
        csv.ReadHeader();
        var header = csv.HeaderRecord!;
        var rows = new List<IReadOnlyDictionary<string, string>>();
        while (csv.Read())
        {
            rows.Add(header.Select((name, i) => (name, value: csv.GetField(i)!)).ToDictionary(p => p.name, p => p.value, StringComparer.Ordinal));
        }
        return new CsvFile(sepLine, header, rows);
    }

    public static long Number(IReadOnlyDictionary<string, string> row, string column) =>
        long.Parse(row[column], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
}

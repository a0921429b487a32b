using System.Globalization;
using CsvHelper;

namespace MemAnalyzer.MemoryMap;

/// <summary>One summary row of a Sysinternals VMMap CSV export, in bytes.</summary>
public sealed record VmmapTypeRow(string Type, long Size, long Committed, long Largest);

/// <summary>
/// Reads the summary section of a VMMap CSV export (Windows): the rows after the "Type","Size","Committed" header, up to
/// the blank line or the "Address" detail header. Columns are found by name; values are KB with the locale's thousands
/// separators. Unknown types are kept.
/// </summary>
public static class VmmapCsvParser
{
    /// <exception cref="FormatException">No summary section, or a number that is not one.</exception>
    public static IReadOnlyDictionary<string, VmmapTypeRow> Parse(TextReader text)
    {
        var options = CsvReaderOptions.Default with { Separator = ',', HasHeader = false, SkipEmptyLines = false, FormatProvider = CultureInfo.InvariantCulture };
        // VMMap's exports end lines in "\r\r\n" (seen in the original's fixture); no field holds a carriage return.
        using var csv = CsvReader.FromText(text.ReadToEnd().Replace("\r", "", StringComparison.Ordinal), options);
        Dictionary<string, int>? columns = null;
        var rows = new Dictionary<string, VmmapTypeRow>(StringComparer.OrdinalIgnoreCase);
        while (csv.Read())
        {
            var fields = Enumerable.Range(0, csv.FieldCount).Select(i => (csv.GetString(i) ?? "").Trim()).ToArray();
            if (columns is null)
            {
                if (fields.Length > 2 && fields[0] == "Type" && fields[1] == "Size")
                {
                    // A repeated column name keeps its first position.
                    columns = fields.Select((name, i) => (name, i)).Where(p => p.name.Length > 0)
                        .GroupBy(p => p.name, StringComparer.OrdinalIgnoreCase).ToDictionary(g => g.Key, g => g.First().i, StringComparer.OrdinalIgnoreCase);
                }
                continue;
            }
            if (fields.All(f => f.Length == 0) || fields[0] == "Address")
            {
                break;
            }
            rows[fields[0]] = new VmmapTypeRow(fields[0], Kilobytes(fields, columns, "Size"), Kilobytes(fields, columns, "Committed"), Kilobytes(fields, columns, "Largest"));
        }
        if (columns is null || rows.Count == 0)
        {
            throw new FormatException("it has no VMMap summary section (a \"Type\",\"Size\",\"Committed\" header followed by type rows)");
        }
        return rows;
    }

    private static long Kilobytes(string[] fields, Dictionary<string, int> columns, string column)
    {
        if (!columns.TryGetValue(column, out var index) || index >= fields.Length || fields[index].Length == 0)
        {
            return 0;
        }
        // VMMap writes the locale's thousands separator; the values are whole kilobytes.
        var digits = fields[index].Replace(",", "", StringComparison.Ordinal).Replace(".", "", StringComparison.Ordinal)
            .Replace("\u00a0", "", StringComparison.Ordinal).Replace(" ", "", StringComparison.Ordinal).Replace("'", "", StringComparison.Ordinal);
        return long.TryParse(digits, NumberStyles.None, CultureInfo.InvariantCulture, out var kilobytes) && kilobytes < long.MaxValue / 1024
            ? kilobytes * 1024
            : throw new FormatException($"\"{fields[index]}\" in column {column} of the {fields[0]} row is not a number of kilobytes");
    }
}

using System.Globalization;
using System.Text;
using System.Text.Json;
using CsvHelper;
using MemAnalyzer.Output;

namespace MemAnalyzer.Sql;

/// <summary>
/// A query's result to its destination: an aligned table on the console (text columns left-aligned, then a count of
/// rows), a CSV file (CsvHelper; the columns are the query's, so the file is replaced, never appended to) or a JSON
/// document (<c>{"columns": [...], "rows": [{...}]}</c>, numbers as numbers).
/// </summary>
public static class SqlResultWriter
{
    public static void Table(TextWriter writer, SqlResult result)
    {
        if (result.Columns.Count > 0)
        {
            var rows = result.Rows.Select(r => (IReadOnlyList<string>)[.. r.Select(SqlResult.Text)]).ToList();
            var text = Enumerable.Range(0, result.Columns.Count)
                .Where(c => !result.Rows.Any(r => SqlResult.IsNumber(r[c])) && result.Rows.Any(r => r[c] is not null)).ToHashSet();
            TextTable.Write(writer, result.Columns, rows, text);
        }
        writer.WriteLine(result.Rows.Count == 1 ? "(1 row)" : $"({result.Rows.Count.ToString("N0", CultureInfo.InvariantCulture)} rows)");
    }

    public static void Csv(TextWriter writer, SqlResult result, char separator)
    {
        using var csv = CsvWriter.Create(writer, CsvWriterOptions.Default with { Separator = separator, NewLine = "\n" }, leaveOpen: true);
        csv.WriteRecord([.. result.Columns]);
        foreach (var row in result.Rows)
        {
            csv.WriteRecord([.. row.Select(SqlResult.Text)]);
        }
    }

    public static void Json(Stream stream, SqlResult result)
    {
        using var json = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = true });
        json.WriteStartObject();
        json.WriteStartArray("columns");
        foreach (var column in result.Columns)
        {
            json.WriteStringValue(column);
        }
        json.WriteEndArray();
        json.WriteStartArray("rows");
        foreach (var row in result.Rows)
        {
            json.WriteStartObject();
            for (var c = 0; c < row.Length; c++)
            {
                json.WritePropertyName(result.Columns[c]);
                Value(json, row[c]);
            }
            json.WriteEndObject();
        }
        json.WriteEndArray();
        json.WriteEndObject();
    }

    /// <summary>Writes the file whole beside its place, then moves it there: a failed run leaves the old file or none.</summary>
    public static void File(string path, Action<Stream> write)
    {
        var staged = path + ".pending";
        using (var stream = new FileStream(staged, FileMode.Create, FileAccess.Write))
        {
            write(stream);
        }
        System.IO.File.Move(staged, path, overwrite: true);
    }

    /// <summary>The CSV text as UTF-8 into a stream.</summary>
    public static void Csv(Stream stream, SqlResult result, char separator)
    {
        using var writer = new StreamWriter(stream, new UTF8Encoding(false), leaveOpen: true);
        Csv(writer, result, separator);
    }

    private static void Value(Utf8JsonWriter json, object? value)
    {
        switch (value)
        {
            case null:
                json.WriteNullValue();
                break;
            case bool b:
                json.WriteBooleanValue(b);
                break;
            case var n when SqlResult.IsNumber(n):
                json.WriteRawValue(SqlResult.Text(n));
                break;
            default:
                json.WriteStringValue(SqlResult.Text(value));
                break;
        }
    }
}

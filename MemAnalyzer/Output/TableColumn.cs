using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>How a column shows on the console and in an HTML table.</summary>
public enum ColumnLook
{
    /// <summary>Text, left-aligned.</summary>
    Text,

    /// <summary>A whole number with thousands separators ("1,024"), right-aligned; an absent one is empty.</summary>
    Number,

    /// <summary>A change: "+3,000", "-5", "0", right-aligned.</summary>
    Signed,

    /// <summary>Text written as it is, right-aligned (a percentage: "38.25").</summary>
    Figure,
}

/// <summary>How a column is written in the JSON document, under its key in camelCase.</summary>
public enum ColumnJson
{
    /// <summary>A string, even an empty one.</summary>
    Text,

    /// <summary>A string, left out when empty.</summary>
    TextOrNone,

    /// <summary>A whole number, left out when absent.</summary>
    Number,

    /// <summary>The text as a number ("38.25" as 38.25), left out when empty.</summary>
    Figure,

    /// <summary>Written by the column's own <see cref="TableColumn{TRow}.WriteJson"/>.</summary>
    Own,

    /// <summary>Not in the JSON document.</summary>
    None,
}

/// <summary>
/// One column of a result table, declared once: its key (the JSON name, and the header without the unit), whether its
/// header carries the run's unit ("Bytes(KB)"), its value as text or as a number, and how the console, the JSON
/// document and the HTML table show it. The CSV writes its text: numbers invariant, an absent one as an empty field.
/// </summary>
public sealed record TableColumn<TRow>(string Key, bool InUnit, Func<TRow, string>? Text, Func<TRow, long?>? Number, ColumnLook Look, ColumnJson Json)
{
    /// <summary>The CSV header when it is not the key with the unit (a schema older than this rule: "WasteKB", "Strings(Count)").</summary>
    public Func<SizeUnit, string>? CsvHeader { get; init; }

    /// <summary>false for a column of the JSON document only (an object or a list: a root path's verdicts).</summary>
    public bool InCsv { get; init; } = true;

    /// <summary>Present only when the table is asked for with its optional columns (-retained).</summary>
    public bool Optional { get; init; }

    /// <summary>What the console shows for an empty text ("(none)") or an absent number ("n/a").</summary>
    public string ConsoleEmpty { get; init; } = "";

    /// <summary>The value of a column whose <see cref="Json"/> is <see cref="ColumnJson.Own"/>: nothing for no property.</summary>
    public Action<Utf8JsonWriter, string, TRow, JsonSerializerOptions>? WriteJson { get; init; }

    public static TableColumn<TRow> String(string key, Func<TRow, string> text, ColumnJson json = ColumnJson.Text) => new(key, false, text, null, ColumnLook.Text, json);

    /// <summary>A text that reads as a number (right-aligned; a number in JSON).</summary>
    public static TableColumn<TRow> Figure(string key, Func<TRow, string> text) => new(key, false, text, null, ColumnLook.Figure, ColumnJson.Figure);

    public static TableColumn<TRow> Count(string key, Func<TRow, long?> number) => new(key, false, null, number, ColumnLook.Number, ColumnJson.Number);

    /// <summary>A number in the run's unit: "Bytes(KB)".</summary>
    public static TableColumn<TRow> Size(string key, Func<TRow, long?> number) => new(key, true, null, number, ColumnLook.Number, ColumnJson.Number);

    /// <summary>A column of the JSON document only: <paramref name="value"/> as the document's serializer writes its type, left out when null.</summary>
    public static TableColumn<TRow> JsonOnly<TValue>(string key, Func<TRow, TValue?> value) =>
        new(key, false, _ => "", null, ColumnLook.Text, ColumnJson.Own) { InCsv = false, WriteJson = (writer, name, row, options) => WriteValue(writer, name, value(row), options) };

    /// <summary>
    /// <paramref name="value"/> as the property <paramref name="name"/>, written by the document's source-generated
    /// serializer for its type (registered in <see cref="ReportJsonContext"/>); nothing when null.
    /// </summary>
    public static void WriteValue<TValue>(Utf8JsonWriter writer, string name, TValue? value, JsonSerializerOptions options)
    {
        if (value is null)
        {
            return;
        }
        writer.WritePropertyName(name);
        JsonSerializer.Serialize(writer, value, (JsonTypeInfo<TValue>)options.GetTypeInfo(typeof(TValue)));
    }

    public string Header(SizeUnit unit) => CsvHeader?.Invoke(unit) ?? Header(Key, unit);

    /// <summary><paramref name="name"/> with the unit when the column has one.</summary>
    public string Header(string name, SizeUnit unit) => InUnit ? $"{name}({unit})" : name;

    /// <summary>The field of the CSV (and of an HTML table's data): invariant, an absent number empty.</summary>
    public string Field(TRow row) => Number is null ? Text!(row) : Number(row)?.ToString(CultureInfo.InvariantCulture) ?? "";

    /// <summary>The console's cell.</summary>
    public string Cell(TRow row)
    {
        if (Number is null)
        {
            var text = Text!(row);
            return text.Length == 0 ? ConsoleEmpty : text;
        }
        return Number(row) is not { } value ? ConsoleEmpty : Look == ColumnLook.Signed ? NumberFormat.Signed(value) : NumberFormat.N(value);
    }

    /// <summary>The row's property in the JSON document, or nothing when the column leaves it out.</summary>
    public void WriteProperty(Utf8JsonWriter writer, string name, TRow row, JsonSerializerOptions options)
    {
        switch (Json)
        {
            case ColumnJson.Own:
                WriteJson!(writer, name, row, options);
                break;
            case ColumnJson.Number or ColumnJson.Text or ColumnJson.TextOrNone or ColumnJson.Figure when Number is not null:
                if (Number(row) is { } number)
                {
                    writer.WriteNumber(name, number);
                }
                break;
            case ColumnJson.Text:
                writer.WriteString(name, Text!(row));
                break;
            case ColumnJson.TextOrNone when Text!(row) is { Length: > 0 } text:
                writer.WriteString(name, text);
                break;
            case ColumnJson.Figure when Text!(row) is { Length: > 0 } figure:
                writer.WriteNumber(name, double.Parse(figure, CultureInfo.InvariantCulture));
                break;
        }
    }
}

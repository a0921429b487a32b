using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>
/// A result table declared once, as its ordered columns (the CSV's order); the CSV schema, the JSON rows, the console
/// table and the HTML table are made from it. A console or HTML layout is a list of keys, "Key" or "Key:Header" (the
/// console's own header, with the column's unit when it has one); the JSON order is the columns' unless given.
/// Static and ordered: no reflection, so the Native AOT build needs no run-time code generation.
/// </summary>
/// <param name="context">The row's who and when, for the CSV's context columns after the row's own (single-target tables).</param>
/// <param name="json">The JSON properties' order by key, where the documented JSON schema orders them otherwise.</param>
/// <param name="console">The console table's layout (and the HTML table's); the columns' order unless given.</param>
public sealed class TableDeclaration<TRow>(IReadOnlyList<TableColumn<TRow>> columns, Func<TRow, TargetContext>? context = null, IReadOnlyList<string>? json = null,
    IReadOnlyList<string>? console = null)
{
    public IReadOnlyList<TableColumn<TRow>> Columns { get; } = columns;

    public Func<TRow, TargetContext>? Context { get; } = context;

    /// <param name="optional">With the <see cref="TableColumn{TRow}.Optional"/> columns (-retained).</param>
    public TableCsvSchema<TRow> Csv(SizeUnit unit, bool optional = false) => new(this, unit, optional);

    /// <summary>The rows as the JSON document's list; a column's property is left out where its value is absent.</summary>
    public JsonTable Json(IReadOnlyList<TRow> rows) => new((writer, options) =>
    {
        var ordered = json is null ? Columns : [.. json.Select(Column)];
        var names = ordered.Select(c => options.PropertyNamingPolicy?.ConvertName(c.Key) ?? c.Key).ToArray();
        writer.WriteStartArray();
        foreach (var row in rows)
        {
            writer.WriteStartObject();
            for (var c = 0; c < ordered.Count; c++)
            {
                ordered[c].WriteProperty(writer, names[c], row, options);
            }
            writer.WriteEndObject();
        }
        writer.WriteEndArray();
    });

    /// <summary>
    /// The console table: numbers right-aligned, text left-aligned, the last column unpadded; in the declared layout, or
    /// in <paramref name="layout"/> (a part of the table: -fragmentation's sections).
    /// </summary>
    public void Console(TextWriter writer, IEnumerable<TRow> rows, SizeUnit unit, IReadOnlyList<string>? layout = null, bool optional = false)
    {
        var shown = Shown(layout, optional);
        TextTable.Write(writer, [.. shown.Select(s => s.Column.Header(s.Header, unit))],
            [.. rows.Select(r => (IReadOnlyList<string>)[.. shown.Select(s => s.Column.Cell(r))])],
            textColumns: shown.Select((s, i) => (s, i)).Where(x => x.s.Column.Look == ColumnLook.Text).Select(x => x.i).ToHashSet());
    }

    /// <summary>The table of an -html page (<see cref="HtmlTable"/>): sortable, filterable, a change coloured.</summary>
    public string Html(string id, IReadOnlyList<TRow> rows, SizeUnit unit, string noun, bool optional = false)
    {
        var shown = Shown(null, optional);
        var columns = shown.Select(s => new HtmlColumn(s.Column.Header(s.Header, unit), s.Column.Look switch
        {
            ColumnLook.Text => HtmlColumnKind.Text,
            ColumnLook.Signed => HtmlColumnKind.Delta,
            ColumnLook.Number => HtmlColumnKind.Number,
            _ => HtmlColumnKind.Text,
        })).ToList();
        return HtmlTable.Render(id, columns, [.. rows.Select(r => shown.Select(s => s.Column.Field(r)).ToArray())], noun);
    }

    private List<(TableColumn<TRow> Column, string Header)> Shown(IReadOnlyList<string>? layout, bool optional) =>
        [.. (layout ?? console ?? [.. Columns.Select(c => c.Key)]).Select(entry => entry.Split(':', 2)).Select(parts => (Column: Column(parts[0]), Header: parts.Length == 2 ? parts[1] : parts[0]))
            .Where(s => s.Column.InCsv && (optional || !s.Column.Optional))];

    private TableColumn<TRow> Column(string key) =>
        Columns.FirstOrDefault(c => c.Key == key) ?? throw new ArgumentException($"the table has no column {key}", nameof(key));
}

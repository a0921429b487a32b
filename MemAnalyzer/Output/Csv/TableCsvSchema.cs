using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>
/// The CSV schema of a <see cref="TableDeclaration{TRow}"/> in a unit: its columns in order, then the context columns of
/// a single-target table. The same declaration and unit give the -html page its table.
/// </summary>
public sealed class TableCsvSchema<TRow> : CsvSchema<TRow>
{
    private readonly TableDeclaration<TRow> _table;
    private readonly SizeUnit _unit;
    private readonly bool _optional;

    public TableCsvSchema(TableDeclaration<TRow> table, SizeUnit unit, bool optional)
    {
        (_table, _unit, _optional) = (table, unit, optional);
        foreach (var column in table.Columns.Where(c => c.InCsv && (optional || !c.Optional)))
        {
            Column(column.Header(unit), column.Field);
        }
        if (table.Context is { } context)
        {
            ContextColumns(context);
        }
    }

    /// <summary>The rows as a table of an -html page, in the console's layout: sortable, filterable, a change coloured.</summary>
    public string Html(string id, IReadOnlyList<TRow> rows, string noun) => _table.Html(id, rows, _unit, noun, _optional);
}

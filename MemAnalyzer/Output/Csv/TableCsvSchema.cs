using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>The CSV schema of a <see cref="TableDeclaration{TRow}"/> in a unit: its columns in order, then the context columns of a single-target table.</summary>
public sealed class TableCsvSchema<TRow> : CsvSchema<TRow>
{
    public TableCsvSchema(TableDeclaration<TRow> table, SizeUnit unit, bool optional)
    {
        foreach (var column in table.Columns.Where(c => c.InCsv && (optional || !c.Optional)))
        {
            Column(column.Header(unit), column.Field);
        }
        if (table.Context is { } context)
        {
            ContextColumns(context);
        }
    }
}

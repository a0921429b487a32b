using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>One state × type of -finalizable in the CSV and JSON; bytes in the run's unit, retained for the ready ones only.</summary>
public sealed record FinalizableTableRow(string State, string Type, long Objects, long Bytes, long? Retained, TargetContext Context);

/// <summary>The -finalizable CSV schema: State, Type, Objects, Bytes, Retained, then the context columns.</summary>
public sealed class FinalizableCsvRowMap : CsvSchema<FinalizableTableRow>
{
    public FinalizableCsvRowMap(SizeUnit unit)
    {
        Column("State", r => r.State);
        Column("Type", r => r.Type);
        Column("Objects", r => r.Objects);
        Column($"Bytes({unit})", r => r.Bytes);
        Column($"Retained({unit})", r => r.Retained);
        ContextColumns(r => r.Context);
    }
}

public static class FinalizableTableRows
{
    public static IReadOnlyList<FinalizableTableRow> From(FinalizationReport report, SizeUnit unit, TargetContext context) =>
        [.. report.Groups.Select(g => new FinalizableTableRow(g.State, g.TypeName, g.Count, unit.Convert(g.Bytes), g.Retained is { } r ? unit.Convert(r) : null, context))];
}

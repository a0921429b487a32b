using MemAnalyzer.Analysis;
using MemAnalyzer.Inspections;

namespace MemAnalyzer.Output;

/// <summary>One finding of -inspections as the CSV, JSON and console show it.</summary>
public sealed record InspectionTableRow(string Inspection, string Type, long Count, long Bytes, long Saves, string Detail, string Example, string Why, TargetContext Context);

public sealed class InspectionCsvRowMap : CsvSchema<InspectionTableRow>
{
    public InspectionCsvRowMap(SizeUnit unit)
    {
        Column("Inspection", r => r.Inspection);
        Column("Type", r => r.Type);
        Column("Count", r => r.Count);
        Column($"Bytes({unit})", r => r.Bytes);
        Column($"Saves({unit})", r => r.Saves);
        Column("Detail", r => r.Detail);
        Column("Example", r => r.Example);
        Column("Why", r => r.Why);
        ContextColumns(r => r.Context);
    }
}

public static class InspectionTableRows
{
    public static IReadOnlyList<InspectionTableRow> From(IReadOnlyList<Finding> findings, SizeUnit unit, TargetContext context) =>
        [.. findings.Select(f => new InspectionTableRow(f.Inspection, f.Type, f.Count, unit.Convert(f.Bytes), unit.Convert(f.Saves), f.Detail,
            SuspectTableRows.Address(f.Example), InspectionNames.Why(f.Inspection), context))];
}

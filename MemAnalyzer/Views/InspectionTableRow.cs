using MemAnalyzer.Analysis;
using MemAnalyzer.Inspections;
using MemAnalyzer.Output;
using C = MemAnalyzer.Output.TableColumn<MemAnalyzer.Views.InspectionTableRow>;

namespace MemAnalyzer.Views;

/// <summary>One finding of -inspections as the CSV, JSON and console show it; bytes in the run's unit.</summary>
public sealed record InspectionTableRow(string Inspection, string Type, long Count, long Bytes, long Saves, string Detail, string Example, string Why, TargetContext? Context)
{
    /// <summary>
    /// The -inspections table: Inspection, Type, Count, Bytes, Saves (what fixing it frees), Detail, Example, Why, then the context columns; the console
    /// shows Inspection, Count, Bytes, Saves, Example, Type, Detail (why each inspection matters follows the table once).
    /// </summary>
    public static readonly TableDeclaration<InspectionTableRow> Table = new(
        [
            C.String("Inspection", r => r.Inspection),
            C.String("Type", r => r.Type),
            C.Count("Count", r => r.Count),
            C.Size("Bytes", r => r.Bytes),
            C.Size("Saves", r => r.Saves),
            C.String("Detail", r => r.Detail),
            C.String("Example", r => r.Example),
            C.String("Why", r => r.Why),
        ],
        context: r => r.Context!,
        console: ["Inspection", "Count", "Bytes", "Saves", "Example", "Type", "Detail"]);

    /// <summary>The diff's table: both sides of each finding, and whether it is new or gone.</summary>
    public static readonly TableDeclaration<GrowthTableRow> DiffTable = GrowthTableRow.Table("Inspection", "Count", change: true);

    public static IReadOnlyList<InspectionTableRow> From(IReadOnlyList<Finding> findings, SizeUnit unit, TargetContext? context) =>
        [.. findings.Select(f => new InspectionTableRow(f.Inspection, f.Type, f.Count, unit.Convert(f.Bytes), unit.Convert(f.Saves), f.Detail,
            SuspectTableRows.Address(f.Example), InspectionNames.Why(f.Inspection), context))];
}

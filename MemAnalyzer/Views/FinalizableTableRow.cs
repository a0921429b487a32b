using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using C = MemAnalyzer.Output.TableColumn<MemAnalyzer.Views.FinalizableTableRow>;

namespace MemAnalyzer.Views;

/// <summary>One state × type of -finalizable; bytes in the run's unit, retained for the ready ones only.</summary>
public sealed record FinalizableTableRow(string State, string Type, long Objects, long Bytes, long? Retained, TargetContext? Context)
{
    /// <summary>The -finalizable table: State, Type, Objects, Bytes, Retained, then the context columns; the console ends with Type.</summary>
    public static readonly TableDeclaration<FinalizableTableRow> Table = new(
        [
            C.String("State", r => r.State),
            C.String("Type", r => r.Type),
            C.Count("Objects", r => r.Objects),
            C.Size("Bytes", r => r.Bytes),
            C.Size("Retained", r => r.Retained),
        ],
        context: r => r.Context!,
        console: ["State", "Objects", "Bytes", "Retained", "Type"]);

    /// <summary>The diff's table: both sides of each state and type.</summary>
    public static readonly TableDeclaration<GrowthTableRow> DiffTable = GrowthTableRow.Table("State", "Objects");

    public static IReadOnlyList<FinalizableTableRow> From(FinalizationReport report, SizeUnit unit, TargetContext? context) =>
        [.. report.Groups.Select(g => new FinalizableTableRow(g.State, g.TypeName, g.Count, unit.Convert(g.Bytes), g.Retained is { } r ? unit.Convert(r) : null, context))];
}

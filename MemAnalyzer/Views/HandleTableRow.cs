using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using C = MemAnalyzer.Output.TableColumn<MemAnalyzer.Views.HandleTableRow>;

namespace MemAnalyzer.Views;

/// <summary>One handle kind × target type of -handles; bytes in the run's unit.</summary>
/// <param name="Retained">With -retained only.</param>
public sealed record HandleTableRow(string Kind, string Type, long Handles, long Bytes, long Unreachable, long? Retained, TargetContext? Context)
{
    /// <summary>
    /// The -handles table: Kind, Type, Handles, Bytes, Unreachable, with -retained Retained, then the context columns;
    /// the console ends with Type.
    /// </summary>
    public static readonly TableDeclaration<HandleTableRow> Table = new(
        [
            C.String("Kind", r => r.Kind),
            C.String("Type", r => r.Type),
            C.Count("Handles", r => r.Handles),
            C.Size("Bytes", r => r.Bytes),
            C.Count("Unreachable", r => r.Unreachable),
            C.Size("Retained", r => r.Retained) with { Optional = true },
        ],
        context: r => r.Context!,
        console: ["Kind", "Handles", "Bytes", "Unreachable", "Retained", "Type"]);

    /// <summary>The diff's table: both sides of each kind and target type.</summary>
    public static readonly TableDeclaration<GrowthTableRow> DiffTable = GrowthTableRow.Table("Kind", "Handles");

    public static IReadOnlyList<HandleTableRow> From(IReadOnlyList<HandleGroup> groups, SizeUnit unit, TargetContext? context) =>
        [.. groups.Select(g => new HandleTableRow(g.Kind, g.TypeName, g.Count, unit.Convert(g.Bytes), g.Unreachable,
            g.Retained is { } r ? unit.Convert(r) : null, context))];
}

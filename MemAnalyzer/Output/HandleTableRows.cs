using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>One handle kind × target type in the -handles CSV and JSON; bytes in the run's unit.</summary>
/// <param name="Retained">With -retained only.</param>
public sealed record HandleTableRow(string Kind, string Type, long Handles, long Bytes, long Unreachable, long? Retained, TargetContext Context);

/// <summary>The -handles CSV schema: Kind, Type, Handles, Bytes, Unreachable, [Retained], then the context columns.</summary>
public sealed class HandleCsvRowMap : CsvSchema<HandleTableRow>
{
    public HandleCsvRowMap(SizeUnit unit, bool retained)
    {
        Column("Kind", r => r.Kind);
        Column("Type", r => r.Type);
        Column("Handles", r => r.Handles);
        Column($"Bytes({unit})", r => r.Bytes);
        Column("Unreachable", r => r.Unreachable);
        if (retained)
        {
            Column($"Retained({unit})", r => r.Retained);
        }
        ContextColumns(r => r.Context);
    }
}

public static class HandleTableRows
{
    public static IReadOnlyList<HandleTableRow> From(IReadOnlyList<HandleGroup> groups, SizeUnit unit, TargetContext context) =>
        [.. groups.Select(g => new HandleTableRow(g.Kind, g.TypeName, g.Count, unit.Convert(g.Bytes), g.Unreachable,
            g.Retained is { } r ? unit.Convert(r) : null, context))];
}

using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>One handle kind × target type in the -handles CSV and JSON; bytes in the run's unit.</summary>
/// <param name="Retained">With -retained only.</param>
public sealed record HandleTableRow(string Kind, string Type, long Handles, long Bytes, long Unreachable, long? Retained, TargetContext Context);

/// <summary>One handle kind × target type in the -handles diff's CSV and JSON.</summary>
public sealed record HandleDiffTableRow(string Kind, string Type, long Handles, long Handles2, long DeltaHandles, long Bytes, long Bytes2, long DeltaBytes);

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

/// <summary>The -handles diff's CSV schema: both sides and the change, no context columns (as every diff CSV).</summary>
public sealed class HandleDiffCsvRowMap : CsvSchema<HandleDiffTableRow>
{
    public HandleDiffCsvRowMap(SizeUnit unit)
    {
        Column("Kind", r => r.Kind);
        Column("Type", r => r.Type);
        Column("Handles", r => r.Handles);
        Column("Handles2", r => r.Handles2);
        Column("DeltaHandles", r => r.DeltaHandles);
        Column($"Bytes({unit})", r => r.Bytes);
        Column($"Bytes2({unit})", r => r.Bytes2);
        Column($"DeltaBytes({unit})", r => r.DeltaBytes);
    }
}

public static class HandleTableRows
{
    public static IReadOnlyList<HandleTableRow> From(IReadOnlyList<HandleGroup> groups, SizeUnit unit, TargetContext context) =>
        [.. groups.Select(g => new HandleTableRow(g.Kind, g.TypeName, g.Count, unit.Convert(g.Bytes), g.Unreachable,
            g.Retained is { } r ? unit.Convert(r) : null, context))];

    public static IReadOnlyList<HandleDiffTableRow> FromDiff(IReadOnlyList<HandleGrowth> growth, SizeUnit unit) =>
        [.. growth.Select(g => new HandleDiffTableRow(g.Kind, g.TypeName, g.Count, g.Count2, g.DeltaCount,
            unit.Convert(g.Bytes), unit.Convert(g.Bytes2), unit.Convert(g.Bytes2) - unit.Convert(g.Bytes)))];
}

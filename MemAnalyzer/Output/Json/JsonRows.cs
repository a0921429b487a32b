namespace MemAnalyzer.Output;

/// <summary>
/// Turns the rows of a run into its JSON target: the same records the CSV writes, so the two never disagree, with each
/// section (type rows, heap summary, memory map) in its own list.
/// </summary>
public static class JsonRows
{
    public static JsonTarget FromTypes(TableSections<TypeTableRow> rows, TargetContext context) =>
        JsonTarget.Of(context) with
        {
            Types = [.. rows.Types.Select(r => new JsonTypeRow(r.Type, r.Allocated, r.Instances, r.Retained))],
            Summary = [.. rows.Summary.Select(r => new JsonTypeRow(r.Type, r.Allocated, r.Instances))],
            MemoryMap = [.. rows.MemoryMap.Select(r => new JsonTypeRow(r.Type, r.Allocated, r.Instances))],
        };

    public static JsonTarget FromDiff(TableSections<DiffTableRow> rows) =>
        new(Name: null) { Diff = [.. rows.Types.Select(Diff)], DiffSummary = [.. rows.Summary.Select(Diff)], DiffMemoryMap = [.. rows.MemoryMap.Select(Diff)] };

    public static JsonTarget FromStrings(IReadOnlyList<StringTableRow> rows, TargetContext context) =>
        JsonTarget.Of(context) with { Strings = [.. rows.Select(r => new JsonStringRow(r.Value, r.Count, r.Waste, r.InstanceSize, r.Owner, r.Address))] };

    public static JsonTarget FromSuspects(IReadOnlyList<SuspectTableRow> rows, TargetContext context) =>
        JsonTarget.Of(context) with
        {
            Suspects = [.. rows.Select(r => new JsonSuspectRow(r.Rank, r.Kind, r.Type, r.Address, r.Instances, r.Retained, r.Share, r.PointType,
                r.PointAddress, r.PointRetained, r.Path, r.Accumulated, r.Verdicts, r.Signature, r.Baseline, r.Pattern))],
        };

    public static JsonTarget FromInspections(IReadOnlyList<InspectionTableRow> rows, TargetContext context) =>
        JsonTarget.Of(context) with { Inspections = [.. rows.Select(r => new JsonInspectionRow(r.Inspection, r.Type, r.Count, r.Bytes, r.Saves, r.Detail, r.Example, r.Why))] };

    public static JsonTarget FromSuspectsDiff(IReadOnlyList<SuspectGrowthTableRow> rows) =>
        new(Name: null)
        {
            SuspectsDiff = [.. rows.Select(r => new JsonSuspectGrowthRow(r.Rank, r.Growth, r.Retained, r.Retained2, r.Matched, r.PointType, r.PointAddress2, r.Path, r.Accumulated, r.Verdicts, r.Signature, r.Baseline, r.Instances, r.Instances2))],
        };

    public static JsonTarget FromHandles(IReadOnlyList<HandleTableRow> rows, TargetContext context) =>
        JsonTarget.Of(context) with { Handles = [.. rows.Select(r => new JsonHandleRow(r.Kind, r.Type, r.Handles, r.Bytes, r.Unreachable, r.Retained))] };

    public static JsonTarget FromFinalizable(IReadOnlyList<FinalizableTableRow> rows, TargetContext context) =>
        JsonTarget.Of(context) with { Finalizable = [.. rows.Select(r => new JsonFinalizableRow(r.State, r.Type, r.Objects, r.Bytes, r.Retained))] };

    public static JsonTarget FromHandlesDiff(IReadOnlyList<GrowthTableRow> rows) =>
        new(Name: null) { HandlesDiff = [.. rows.Select(r => new JsonHandleDiffRow(r.Group, r.Key, r.Count, r.Count2, r.DeltaCount, r.Bytes, r.Bytes2, r.DeltaBytes))] };

    public static JsonTarget FromFinalizableDiff(IReadOnlyList<GrowthTableRow> rows) =>
        new(Name: null) { FinalizableDiff = [.. rows.Select(r => new JsonFinalizableDiffRow(r.Group, r.Key, r.Count, r.Count2, r.DeltaCount, r.Bytes, r.Bytes2, r.DeltaBytes))] };

    public static JsonTarget FromInspectionsDiff(IReadOnlyList<GrowthTableRow> rows) =>
        new(Name: null)
        {
            InspectionsDiff = [.. rows.Select(r => new JsonInspectionDiffRow(r.Group, r.Key, r.Count, r.Count2, r.DeltaCount, r.Bytes, r.Bytes2, r.DeltaBytes,
                r.Change.Length == 0 ? null : r.Change))],
        };

    public static JsonTarget FromStringsDiff(IReadOnlyList<StringDiffTableRow> rows) =>
        new(Name: null) { StringsDiff = [.. rows.Select(r => new JsonStringDiffRow(r.Value, r.Delta, r.DeltaInstances, r.Instances, r.Instances2, r.Allocated, r.Allocated2))] };

    private static JsonDiffRow Diff(DiffTableRow r) =>
        new(r.Type, r.Delta, r.DeltaInstances, r.Instances, r.Instances2, r.Allocated, r.Allocated2, r.AvgSize, r.AvgSize2, r.Retained, r.Retained2, r.DeltaRetained);
}

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

    public static JsonTarget FromSuspects(IReadOnlyList<SuspectTableRow> rows, TargetContext context) =>
        JsonTarget.Of(context) with
        {
            Suspects = [.. rows.Select(r => new JsonSuspectRow(r.Rank, r.Kind, r.Type, r.Address, r.Instances, r.Retained, r.Share, r.PointType,
                r.PointAddress, r.PointRetained, r.Path, r.Accumulated, r.Verdicts, r.Signature, r.Baseline, r.Pattern))],
        };

    public static JsonTarget FromSuspectsDiff(IReadOnlyList<SuspectGrowthTableRow> rows) =>
        new(Name: null)
        {
            SuspectsDiff = [.. rows.Select(r => new JsonSuspectGrowthRow(r.Rank, r.Growth, r.Retained, r.Retained2, r.Matched, r.PointType, r.PointAddress2, r.Path, r.Accumulated, r.Verdicts, r.Signature, r.Baseline, r.Instances, r.Instances2))],
        };

    private static JsonDiffRow Diff(DiffTableRow r) =>
        new(r.Type, r.Delta, r.DeltaInstances, r.Instances, r.Instances2, r.Allocated, r.Allocated2, r.AvgSize, r.AvgSize2, r.Retained, r.Retained2, r.DeltaRetained);
}

using MemAnalyzer.Output;
namespace MemAnalyzer.Views;

/// <summary>
/// Turns the rows of a run into its JSON target: the same records the CSV writes, so the two never disagree, with each
/// section (type rows, heap summary, memory map) in its own list.
/// </summary>
public static class TypeTableJson
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

    private static JsonDiffRow Diff(DiffTableRow r) =>
        new(r.Type, r.Delta, r.DeltaInstances, r.Instances, r.Instances2, r.Allocated, r.Allocated2, r.AvgSize, r.AvgSize2, r.Retained, r.Retained2, r.DeltaRetained);
}

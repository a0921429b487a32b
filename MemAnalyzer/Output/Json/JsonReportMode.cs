namespace MemAnalyzer.Output;

/// <summary>The values of the JSON document's "mode" field.</summary>
public static class JsonReportMode
{
    public const string Types = "types";
    public const string Diff = "diff";
    public const string Strings = "strings";
    public const string StringsDiff = "stringsDiff";
    public const string Suspects = "suspects";
    public const string SuspectsDiff = "suspectsDiff";
    public const string Handles = "handles";
    public const string HandlesDiff = "handlesDiff";
    public const string Inspections = "inspections";
    public const string Finalizable = "finalizable";
    public const string FinalizableDiff = "finalizableDiff";
    public const string InspectionsDiff = "inspectionsDiff";
    public const string Fragmentation = "fragmentation";
    public const string FragmentationDiff = "fragmentationDiff";
    public const string Modules = "modules";
    public const string ModulesDiff = "modulesDiff";
}

namespace MemAnalyzer.Output;

/// <summary>
/// One analyzed target in the JSON document: who and when (the CSV's context columns, absent in a diff as in its CSV),
/// then the row lists of the run's mode; lists a mode does not write are left out. In a batch, a dump that failed has
/// only its name, context and <see cref="Error"/>.
/// </summary>
public sealed record JsonTarget(
    string? Name,
    string? ProcessId = null,
    string? Time = null,
    string? CommandLine = null,
    long? AgeSeconds = null,
    string? Context = null,
    IReadOnlyList<JsonTypeRow>? Types = null,
    IReadOnlyList<JsonTypeRow>? Summary = null,
    IReadOnlyList<JsonTypeRow>? MemoryMap = null,
    IReadOnlyList<JsonDiffRow>? Diff = null,
    IReadOnlyList<JsonDiffRow>? DiffSummary = null,
    IReadOnlyList<JsonDiffRow>? DiffMemoryMap = null,
    JsonTable? Strings = null,
    JsonTable? StringsDiff = null,
    JsonTable? Suspects = null,
    JsonTable? SuspectsDiff = null,
    JsonTable? Handles = null,
    JsonTable? Finalizable = null,
    JsonTable? HandlesDiff = null,
    JsonTable? Inspections = null,
    JsonTable? FinalizableDiff = null,
    JsonTable? InspectionsDiff = null,
    JsonTable? Fragmentation = null,
    JsonTable? FragmentationDiff = null,
    JsonTable? Modules = null,
    JsonTable? ModulesDiff = null,
    JsonError? Error = null)
{
    public static JsonTarget Of(TargetContext context) =>
        new(context.Name, context.ProcessId, context.Time, context.CommandLine, context.AgeSeconds, context.Context);
}

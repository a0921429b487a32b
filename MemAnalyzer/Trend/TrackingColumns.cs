using MemAnalyzer.Analysis;

namespace MemAnalyzer.Trend;

/// <summary>
/// The column names of the single-target CSV (-o), defined once: the writer's schema (Views/TypeTable/TypeTableCsvMaps, Output/Csv/CsvSchema) and
/// the trend's reader (TrackingCsvReader) both use them, so a renamed column cannot leave -trend reading another file.
/// </summary>
public static class TrackingColumns
{
    /// <summary>The first column's name without its unit: AllocatedBytes, AllocatedKB, …</summary>
    public const string AllocatedPrefix = "Allocated";
    public const string RetainedPrefix = "Retained";
    public const string Instances = "Instances(Count)";
    public const string Type = "Type";
    public const string ProcessId = "ProcessId";
    public const string Time = "Time";
    public const string CommandLine = "CommandLine";
    public const string Age = "Age(s)";
    public const string Name = "Name";
    public const string Context = "Context";
    public const string Selection = "Selection";

    /// <summary>How a diff CSV's header begins (Delta(Bytes), …): a file that is not a tracking CSV.</summary>
    public const string DiffPrefix = "Delta(";

    /// <summary>The Selection column's value for a run's selection: all, live or dead, and with -gen the generation after a space ("live gen2").</summary>
    public static string SelectionValue(ObjectSelection selection, HeapGeneration? generation = null) =>
        generation is HeapGeneration g ? $"{selection.ToString().ToLowerInvariant()} {HeapGenerations.Name(g)}" : selection.ToString().ToLowerInvariant();

    /// <summary>Whether a Selection value counts unreachable objects too (all, or all of a generation).</summary>
    public static bool CountsGarbage(string selection) =>
        selection == SelectionValue(ObjectSelection.All) || selection.StartsWith(SelectionValue(ObjectSelection.All) + " ", StringComparison.Ordinal);

    public static string Allocated(SizeUnit unit) => AllocatedPrefix + unit;

    public static string Retained(SizeUnit unit) => RetainedPrefix + unit;
}

using MemAnalyzer.Analysis;
using MemAnalyzer.Trend;

namespace MemAnalyzer.Output;

/// <summary>The values of the single-target CSV's Selection column and of the JSON document's selection field.</summary>
public static class SelectionText
{
    public const string Column = TrackingColumns.Selection;
    public const string All = "all";

    public static string Of(ObjectSelection selection, HeapGeneration? generation = null) => TrackingColumns.SelectionValue(selection, generation);
}

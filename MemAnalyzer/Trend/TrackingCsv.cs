namespace MemAnalyzer.Trend;

/// <summary>One row of a tracking CSV: a type, summary or memory row of one process at one iteration, in bytes.</summary>
/// <param name="Retained">The row's retained bytes when the CSV was written with -retained (types only); else null.</param>
/// <param name="Selection">The Selection column (all, live, dead); empty in a CSV written before it existed.</param>
public sealed record TrackingRow(string Process, string Iteration, string Label, long Bytes, long Count, long? Retained = null, string Selection = "");

/// <summary>How the rows of a tracking CSV are grouped into iterations.</summary>
public enum IterationKey
{
    /// <summary>The Context column (what -context wrote, e.g. "iteration 7"); Time when every Context is empty.</summary>
    Context,

    /// <summary>The Time column.</summary>
    Time,
}

/// <summary>The rows of a tracking CSV, in file order, with the unit they were written in.</summary>
/// <param name="View">A view's CSV (-handles, -finalizable, -inspections; <see cref="ViewCsvSchemas"/>): its name; null for the type table.</param>
public sealed record TrackingCsv(IReadOnlyList<TrackingRow> Rows, string Unit, IterationKey GroupedBy, IReadOnlyList<string> Warnings, string? View = null);

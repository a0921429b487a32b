namespace MemAnalyzer.Trend;

/// <summary>One row of a tracking CSV as read, before the iterations are told apart (by Context or Time).</summary>
/// <param name="Name">The Name column (a dump's file name, a process's app name); empty in a CSV written before it existed.</param>
internal readonly record struct RawTrackingRow(string Process, string Context, string Time, string Label, long Bytes, long Count, long? Retained, string Selection, string Name = "");

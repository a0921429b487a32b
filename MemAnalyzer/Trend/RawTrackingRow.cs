namespace MemAnalyzer.Trend;

/// <summary>One row of a tracking CSV as read, before the iterations are told apart (by Context or Time).</summary>
internal readonly record struct RawTrackingRow(string Process, string Context, string Time, string Label, long Bytes, long Count, long? Retained, string Selection);

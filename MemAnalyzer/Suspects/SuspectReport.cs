namespace MemAnalyzer.Suspects;

/// <summary>The suspects of one snapshot and the live heap their shares are of.</summary>
public sealed record SuspectReport(long LiveBytes, IReadOnlyList<LeakSuspect> Suspects);

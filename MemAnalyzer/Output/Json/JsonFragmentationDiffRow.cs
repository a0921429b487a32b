namespace MemAnalyzer.Output;

/// <summary>A row of a -fragmentation diff, with the diff CSV's columns; what a section does not fill is left out.</summary>
public sealed record JsonFragmentationDiffRow(string Section, string Generation, string? PinnedBy, string? Type, long Count, long Count2, long DeltaCount,
    long Bytes, long Bytes2, long DeltaBytes, double? FreePercent, double? FreePercent2);

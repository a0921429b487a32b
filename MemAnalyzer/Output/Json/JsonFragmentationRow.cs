namespace MemAnalyzer.Output;

/// <summary>A -fragmentation row, with the CSV's columns; what a section does not fill is left out.</summary>
public sealed record JsonFragmentationRow(string Section, string Generation, string? PinnedBy, string? Type, string? Address, long Count, long Bytes,
    long? Range, long? Allocated, double? FreePercent, long? Largest);

using MemAnalyzer.Output;
namespace MemAnalyzer.Views;

/// <summary>One row of a single-target run's CSV and JSON: a type, a summary row or a memory-map row.</summary>
/// <param name="Selection">Which objects the run counted: all, live (-live) or dead (-dead), with -gen followed by the generation ("live gen2"); -trend does not mix them.</param>
public sealed record TypeTableRow(long Allocated, long Instances, string Type, TargetContext Context, long? Retained = null, string Selection = SelectionText.All);

/// <summary>One row of a diff's CSV and JSON, with the console diff's columns.</summary>
public sealed record DiffTableRow(decimal Delta, long? DeltaInstances, long? Instances, long? Instances2, decimal Allocated, decimal Allocated2, long? AvgSize, long? AvgSize2, string Type,
    decimal? Retained = null, decimal? Retained2 = null, decimal? DeltaRetained = null);

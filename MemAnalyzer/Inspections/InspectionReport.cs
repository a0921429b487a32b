namespace MemAnalyzer.Inspections;

/// <summary>The findings of one target, in <see cref="InspectionNames.Ordered"/> order, and the walk's warnings.</summary>
/// <param name="LiveObjects">The live objects walked.</param>
public sealed record InspectionReport(IReadOnlyList<Finding> Findings, long LiveObjects, IReadOnlyList<string> Warnings);

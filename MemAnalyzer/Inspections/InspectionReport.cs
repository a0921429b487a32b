namespace MemAnalyzer.Inspections;

/// <summary>The findings of one target, most saved first (then in <see cref="InspectionNames.Ordered"/> order), and the walk's warnings.</summary>
/// <param name="LiveObjects">The live objects walked.</param>
/// <param name="Saves">What fixing every finding would save, no byte counted twice.</param>
/// <param name="LiveBytes">The live objects' bytes.</param>
public sealed record InspectionReport(IReadOnlyList<Finding> Findings, long LiveObjects, IReadOnlyList<string> Warnings, long Saves = 0, long LiveBytes = 0);

namespace MemAnalyzer.Output;

/// <summary>What the top of an analysis page says: its title, the facts about the target(s), the warnings, and the command that made it.</summary>
/// <param name="Facts">Label and value, in order: target, runtime, capture time, dump kind, heap totals.</param>
/// <param name="Warnings">What makes the numbers less than exact, shown before anything else.</param>
public sealed record PageHeader(string Title, IReadOnlyList<(string Label, string Value)> Facts, IReadOnlyList<string> Warnings, string CommandLine);

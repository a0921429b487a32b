namespace MemAnalyzer.Retention;

/// <summary>The verdicts on a root path: one on its root, one per step (in the order of <see cref="RootPath.Steps"/>).</summary>
public sealed record PathVerdicts(StepVerdict Root, IReadOnlyList<StepVerdict> Steps);

namespace MemAnalyzer.Output;

/// <summary>One series of a trend chart: bytes per iteration (null where the row is missing), drawn as a line or as a stacked area.</summary>
public sealed record ChartSeries(string Label, string Color, IReadOnlyList<long?> Values, bool Stacked);

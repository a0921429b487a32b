namespace MemAnalyzer.Trend;

/// <summary>The CI gate: which rows grow faster than the limit. Only the headline and types take part, not partial summary rows.</summary>
public static class TrendGate
{
    public static IReadOnlyList<(string Process, TrendRow Row)> Violations(IReadOnlyList<ProcessTrend> trends, long limitBytesPerIteration) =>
        trends.SelectMany(p => p.Rows
                .Where(r => (r.IsType || r == p.Headline) && r.Points >= 2 && r.BytesPerIteration > limitBytesPerIteration)
                .OrderByDescending(r => r.BytesPerIteration)
                .Select(r => (p.Process, r)))
            .ToList();
}

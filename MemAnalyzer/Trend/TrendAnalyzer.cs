using MemAnalyzer.Analysis;

namespace MemAnalyzer.Trend;

public enum TrendVerdict
{
    Growing,
    Shrinking,
    Noisy,
    Stable,

    /// <summary>Fewer than <see cref="TrendAnalyzer.MinimumPoints"/> iterations: a slope, but no verdict.</summary>
    TooShort,
}

/// <summary>The trend of one row (type, summary or memory category) over the iterations it appears in.</summary>
/// <param name="Bytes">Bytes per iteration; null where the row is missing (below the run's top-N cut, or not there yet).</param>
/// <param name="RisingShare">Of the steps between consecutive iterations, the share that went up.</param>
/// <param name="RetainedPerIteration">The slope of the retained bytes when the CSV has them (-retained); else null.</param>
public sealed record TrendRow(
    string Label,
    IReadOnlyList<long?> Bytes,
    IReadOnlyList<long?> Counts,
    double BytesPerIteration,
    double CountPerIteration,
    double RisingShare,
    double FallingShare,
    TrendVerdict Verdict,
    double? RetainedPerIteration = null)
{
    public int Points => Bytes.Count(b => b is not null);

    public long FirstBytes => Bytes.First(b => b is not null)!.Value;

    public long LastBytes => Bytes.Last(b => b is not null)!.Value;

    public bool IsType => !RowLabels.IsSummary(Label);
}

/// <summary>The trends of one process in a tracking CSV.</summary>
/// <param name="Headline">Allocated(Total) if the runs had -vmmap, else Managed Heap(Allocated)!; in a view's CSV, every series added up (not one of <paramref name="Rows"/>).</param>
/// <param name="View">The view of a view CSV (handles, finalizable, inspections), whose rows are series of its keys; null for the type table.</param>
public sealed record ProcessTrend(string Process, IReadOnlyList<string> Iterations, TrendRow Headline, IReadOnlyList<TrendRow> Rows, string? View = null);

/// <summary>Turns the rows of a tracking CSV into per-row slopes and verdicts. The thresholds are documented in the README.</summary>
public static class TrendAnalyzer
{
    public const int MinimumPoints = 3;

    /// <summary>A row is growing (or shrinking) when at least this share of its steps went up (down).</summary>
    public const double MonotonicShare = 0.7;

    /// <summary>A row whose fitted change over the whole run is within this share of its median is stable.</summary>
    public const double StableDriftShare = 0.01;

    public static IReadOnlyList<ProcessTrend> Analyze(TrackingCsv csv)
    {
        return csv.Rows.GroupBy(r => r.Process)
            .Select(process => AnalyzeProcess(process.Key, process.ToList(), csv.View))
            .ToList();
    }

    private static ProcessTrend AnalyzeProcess(string process, IReadOnlyList<TrackingRow> rows, string? view)
    {
        // Live and all objects are different series: a run with -live after runs without it is not a drop.
        if (SelectionRule.Conflict(process, rows.Select(r => r.Selection)) is { } conflict)
        {
            throw new FormatException($"{conflict}: track each selection in its own CSV file, or pick one with -contextfilter");
        }
        var iterations = rows.Select(r => r.Iteration).Distinct(StringComparer.Ordinal).ToList();
        var index = iterations.Select((name, i) => (name, i)).ToDictionary(p => p.name, p => p.i, StringComparer.Ordinal);
        var trends = rows.GroupBy(r => r.Label, StringComparer.Ordinal)
            .Select(label =>
            {
                var bytes = new long?[iterations.Count];
                var counts = new long?[iterations.Count];
                var retained = new long?[iterations.Count];
                foreach (var row in label)
                {
                    // The same label twice in one iteration (two runs with one context) adds up, like two processes would.
                    var i = index[row.Iteration];
                    bytes[i] = (bytes[i] ?? 0) + row.Bytes;
                    counts[i] = (counts[i] ?? 0) + row.Count;
                    if (row.Retained is long r)
                    {
                        retained[i] = (retained[i] ?? 0) + r;
                    }
                }
                var trend = Trend(label.Key, bytes, counts);
                return retained.Any(r => r is not null) ? trend with { RetainedPerIteration = RobustSlope.TheilSen(Points(retained)) } : trend;
            })
            .ToList();
        if (view is not null)
        {
            return new ProcessTrend(process, iterations, Total(view, rows, index, iterations.Count), trends, view);
        }
        var headline = trends.FirstOrDefault(t => t.Label == RowLabels.AllocatedTotal) ?? trends.FirstOrDefault(t => t.Label == RowLabels.ManagedAllocated)
            ?? throw new FormatException($"it has no {RowLabels.ManagedAllocated} rows: it was not written by MemAnalyzer -o");
        return new ProcessTrend(process, iterations, headline, trends);
    }

    /// <summary>A view's headline: the bytes and counts of all its series added up per iteration.</summary>
    private static TrendRow Total(string view, IReadOnlyList<TrackingRow> rows, Dictionary<string, int> index, int iterations)
    {
        var schema = ViewCsvSchemas.All.Single(s => s.View == view);
        var bytes = new long?[iterations];
        var counts = new long?[iterations];
        foreach (var row in rows.Where(r => schema.InTotal(r.Label)))
        {
            var i = index[row.Iteration];
            bytes[i] = (bytes[i] ?? 0) + row.Bytes;
            counts[i] = (counts[i] ?? 0) + row.Count;
        }
        return Trend(schema.Total, bytes, counts);
    }

    public static TrendRow Trend(string label, IReadOnlyList<long?> bytes, IReadOnlyList<long?> counts)
    {
        var bytePoints = Points(bytes);
        var countPoints = Points(counts);
        var slope = RobustSlope.TheilSen(bytePoints);
        var countSlope = RobustSlope.TheilSen(countPoints);
        var steps = bytePoints.Zip(bytePoints.Skip(1), (a, b) => Math.Sign(b.Y - a.Y)).ToList();
        var rising = steps.Count == 0 ? 0 : steps.Count(s => s > 0) / (double)steps.Count;
        var falling = steps.Count == 0 ? 0 : steps.Count(s => s < 0) / (double)steps.Count;
        return new TrendRow(label, bytes, counts, slope, countSlope, rising, falling, Verdict(bytePoints, slope, rising, falling));
    }

    private static TrendVerdict Verdict(IReadOnlyList<(int X, double Y)> points, double slope, double rising, double falling)
    {
        if (points.Count < MinimumPoints)
        {
            return TrendVerdict.TooShort;
        }
        var values = points.Select(p => p.Y).Order().ToList();
        var median = values[values.Count / 2];
        var drift = Math.Abs(slope * (points[^1].X - points[0].X));
        // A row that rose (or fell) in every step is never stable, however small the change: that is how a slow leak looks.
        var everyStep = rising == 1 || falling == 1;
        if (!everyStep && drift <= StableDriftShare * Math.Abs(median))
        {
            return TrendVerdict.Stable;
        }
        var first = points[0].Y;
        var last = points[^1].Y;
        if (slope > 0 && last > first && rising >= MonotonicShare)
        {
            return TrendVerdict.Growing;
        }
        if (slope < 0 && last < first && falling >= MonotonicShare)
        {
            return TrendVerdict.Shrinking;
        }
        return TrendVerdict.Noisy;
    }

    private static List<(int X, double Y)> Points(IReadOnlyList<long?> values) =>
        values.Select((v, i) => (v, i)).Where(p => p.v is not null).Select(p => (p.i, (double)p.v!.Value)).ToList();
}

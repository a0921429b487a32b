using System.Globalization;
using MemAnalyzer.Analysis;
using MemAnalyzer.Trend;

namespace MemAnalyzer.Output;

/// <summary>The trend report on the console: the headline first, then the rows that change, then the top growers.</summary>
public static class TrendRenderer
{
    public const int TopGrowers = 5;

    /// <summary>The last column of the list of heap summary and memory-map rows.</summary>
    public const string MemoryColumn = "Heap/Memory";

    /// <summary>The last column of the list of types.</summary>
    public const string TypeColumn = "Type";

    /// <summary>The last column of the list of a view's series (-handles, -finalizable, -inspections CSVs): its key columns joined.</summary>
    public const string SeriesColumn = "Series";

    public static void Write(TextWriter writer, TrackingCsv csv, IReadOnlyList<ProcessTrend> trends, int topN)
    {
        foreach (var trend in trends)
        {
            var retained = trend.Rows.Any(r => r.RetainedPerIteration is not null);
            var iterations = trend.Iterations;
            var span = iterations.Count == 1 ? iterations[0] : $"{iterations[0]} … {iterations[^1]}";
            var process = trend.Process.Length == 0 ? "" : $" of process {trend.Process}";
            var view = trend.View is null ? "" : $" of the -{trend.View} series";
            writer.WriteLine($"Trend{view}{process} over {iterations.Count} iteration(s) ({span}), told apart by {csv.GroupedBy}; bytes per iteration.");
            writer.WriteLine(Headline(trend.Headline));
            if (trend.View is null && trend.Headline.Label != RowLabels.AllocatedTotal)
            {
                writer.WriteLine($"  ({RowLabels.AllocatedTotal} is not in the CSV: track with -vmmap to see native memory too.)");
            }
            writer.WriteLine();

            var changingRows = trend.Rows.Where(r => r.Verdict != TrendVerdict.Stable)
                .OrderBy(r => r.Verdict)
                .ThenByDescending(r => Math.Abs(r.BytesPerIteration))
                .ThenBy(r => r.Label, StringComparer.Ordinal)
                .ToList();
            // Heap and memory-map rows have their own list: with -vmmap they would otherwise crowd the types out of the top N.
            var memoryRows = changingRows.Where(r => !r.IsType).ToList();
            var typeRows = changingRows.Where(r => r.IsType).ToList();
            // Only types have retained sizes: the heap and memory list has no retained column.
            var hidden = Table(writer, memoryRows, topN, retained: false, MemoryColumn);
            if (memoryRows.Count > 0 && typeRows.Count > 0)
            {
                writer.WriteLine();
            }
            hidden.AddRange(Table(writer, typeRows, topN, retained, trend.View is null ? TypeColumn : SeriesColumn));
            var stable = trend.Rows.Count(r => r.Verdict == TrendVerdict.Stable);
            writer.WriteLine($"{stable} row(s) stable, not shown.");
            if (hidden.Count > 0)
            {
                var verdicts = hidden.GroupBy(r => r.Verdict).OrderBy(g => g.Key).Select(g => $"{g.Count()} {Verdict(g.Key)}");
                writer.WriteLine($"{hidden.Count} more changing row(s) not shown (--top {topN} of each list): {string.Join(", ", verdicts)}.");
            }
            writer.WriteLine($"Top growers by bytes: {Growers(trend, r => r.BytesPerIteration, "bytes")}");
            writer.WriteLine($"Top growers by count: {Growers(trend, r => r.CountPerIteration, "instances")}");
            if (retained)
            {
                writer.WriteLine($"Top growers by retained bytes: {Growers(trend, r => r.RetainedPerIteration ?? 0, "retained bytes")}");
            }
            writer.WriteLine();
        }
    }

    /// <summary>-failongrowth: every row above the limit, fastest first, with its process when the CSV has several.</summary>
    public static void WriteViolations(TextWriter writer, IReadOnlyList<(string Process, TrendRow Row)> violations, long limit)
    {
        writer.WriteLine($"Above -failongrowth {NumberFormat.N(limit)} bytes/iteration: {violations.Count} row(s)");
        var several = violations.Select(v => v.Process).Distinct(StringComparer.Ordinal).Skip(1).Any();
        TextTable.Write(writer, several ? ["Growth(Bytes/It)", "Process", "Row"] : ["Growth(Bytes/It)", "Row"],
            violations.Select(v => several ? new[] { Rate(v.Row.BytesPerIteration), v.Process, v.Row.Label } : [Rate(v.Row.BytesPerIteration), v.Row.Label]).ToList());
    }

    /// <summary>The first <paramref name="topN"/> of <paramref name="rows"/> as a table (nothing when there are none); returns the rows left out.</summary>
    private static List<TrendRow> Table(TextWriter writer, List<TrendRow> rows, int topN, bool retained, string lastColumn)
    {
        if (rows.Count == 0)
        {
            return [];
        }
        TextTable.Write(writer, retained
            ? ["Verdict", "Growth(Bytes/It)", "Growth(Instances/It)", "Growth(Retained/It)", "Rising", "First(Bytes)", "Last(Bytes)", "Points", lastColumn]
            : ["Verdict", "Growth(Bytes/It)", "Growth(Instances/It)", "Rising", "First(Bytes)", "Last(Bytes)", "Points", lastColumn],
            rows.Take(topN).Select(r => Line(r, retained)).ToList());
        return rows.Skip(topN).ToList();
    }

    public static string Verdict(TrendVerdict verdict) => verdict switch
    {
        TrendVerdict.TooShort => "too short",
        _ => verdict.ToString().ToLowerInvariant(),
    };

    /// <summary>A growth in bytes per iteration, in whole bytes (a slope between pairs can be fractional), signed.</summary>
    public static string Rate(double value)
    {
        var rounded = Math.Round(value, MidpointRounding.AwayFromZero);
        return rounded == 0 ? "0" : CountRate(rounded);
    }

    /// <summary>A growth in instances per iteration: whole where it is whole, else one decimal (+0.3: one instance every third iteration).</summary>
    public static string CountRate(double value)
    {
        var text = value == Math.Floor(value) ? value.ToString("N0", CultureInfo.InvariantCulture) : value.ToString("N1", CultureInfo.InvariantCulture);
        return value > 0 ? "+" + text : text;
    }

    private static string Headline(TrendRow row) =>
        $"{row.Label}: {Verdict(row.Verdict)}, {Rate(row.BytesPerIteration)} bytes/iteration " +
        $"({NumberFormat.N(row.FirstBytes)} → {NumberFormat.N(row.LastBytes)}, rising in {row.RisingShare:P0} of the steps)";

    private static string[] Line(TrendRow row, bool retainedColumn) =>
    [
        Verdict(row.Verdict), Rate(row.BytesPerIteration), row.IsType || row.Counts.Any(c => c > 0) ? CountRate(row.CountPerIteration) : "",
        .. retainedColumn ? [row.RetainedPerIteration is double r ? Rate(r) : ""] : Array.Empty<string>(),
        row.RisingShare.ToString("P0", CultureInfo.InvariantCulture), NumberFormat.N(row.FirstBytes),
        NumberFormat.N(row.LastBytes), row.Points.ToString(CultureInfo.InvariantCulture), row.Label,
    ];

    private static string Growers(ProcessTrend trend, Func<TrendRow, double> rate, string what)
    {
        var growers = trend.Rows.Where(r => r.IsType && r.Verdict == TrendVerdict.Growing && rate(r) > 0)
            .OrderByDescending(rate).ThenBy(r => r.Label, StringComparer.Ordinal).Take(TopGrowers)
            .Select(r => $"{r.Label} ({(what == "instances" ? CountRate(rate(r)) : Rate(rate(r)))} {what}/iteration)")
            .ToList();
        return growers.Count == 0 ? "none" : string.Join(", ", growers);
    }
}

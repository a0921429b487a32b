using System.Globalization;
using MemAnalyzer.Analysis;

namespace MemAnalyzer.Trend;

/// <summary>
/// Reads the single-target CSV of a view (<see cref="ViewCsvSchemas"/>) into tracking rows: each row a series named by
/// its key columns, with its count and its bytes (in bytes, whatever unit the CSV holds).
/// </summary>
internal static class ViewCsvReader
{
    private static readonly string[] s_context = [TrackingColumns.ProcessId, TrackingColumns.Time, TrackingColumns.Context];

    public static TrackingCsv Read(ViewCsvSchema schema, string header, char separator, TextReader text, IterationKey requested)
    {
        var columns = header.Split(separator);
        if (columns.Contains(schema.DiffCount))
        {
            throw new FormatException($"it is a -{schema.View} diff CSV (written with -f2/-pid2); a trend needs the rows of single-target runs");
        }
        var bytesName = columns.FirstOrDefault(c => c.StartsWith(ViewCsvSchema.BytesPrefix, StringComparison.Ordinal) && c.EndsWith(')'));
        if (bytesName is null || !Enum.TryParse<SizeUnit>(bytesName[ViewCsvSchema.BytesPrefix.Length..^1], out var unit))
        {
            throw new FormatException($"it is a -{schema.View} CSV without a Bytes(Bytes/KB/MB/GB) column: it was not written by MemAnalyzer -o");
        }
        var missing = s_context.Where(c => !columns.Contains(c)).ToList();
        if (missing.Count > 0)
        {
            throw new FormatException($"it is a -{schema.View} CSV without the column(s) {string.Join(", ", missing)}: it was not written by MemAnalyzer -o");
        }

        using var csv = TrackingCsvReader.Open(header + "\n" + text.ReadToEnd(), separator);
        csv.ReadHeader();
        var hasName = columns.Contains(TrackingColumns.Name);
        var raw = new List<RawTrackingRow>();
        var skipped = 0;
        while (csv.Read())
        {
            var keys = schema.Keys.Select(k => csv.GetString(k) ?? "").ToList();
            if (schema.IsNoSeries(keys))
            {
                continue;
            }
            var series = schema.SeriesName(keys);
            var bytesText = csv.GetString(bytesName);
            if (string.IsNullOrEmpty(bytesText) && schema.MayLackBytes(keys))
            {
                bytesText = "0";
            }
            if (series is null
                || !long.TryParse(bytesText, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var bytes)
                || !long.TryParse(csv.GetString(schema.Count), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var count))
            {
                skipped++;
                continue;
            }
            raw.Add(new RawTrackingRow(csv.GetString(TrackingColumns.ProcessId) ?? "", csv.GetString(TrackingColumns.Context) ?? "",
                csv.GetString(TrackingColumns.Time) ?? "", series, bytes * unit.Divisor(), count, null, "",
                hasName ? csv.GetString(TrackingColumns.Name) ?? "" : ""));
        }
        return TrackingCsvReader.Assemble(raw, skipped, unit, requested, schema.View);
    }
}

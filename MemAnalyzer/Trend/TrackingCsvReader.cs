using System.Globalization;
using CsvHelper;
using MemAnalyzer.Analysis;

namespace MemAnalyzer.Trend;

/// <summary>
/// Reads a CSV that MemAnalyzer -o wrote, in any unit and with any separator, back into rows in bytes.
/// Rows that cannot be read are counted and reported, not guessed.
/// </summary>
public static class TrackingCsvReader
{
    public const string SelectionColumn = TrackingColumns.Selection;

    private static readonly string[] s_required = [TrackingColumns.Instances, TrackingColumns.Type, TrackingColumns.ProcessId, TrackingColumns.Time, TrackingColumns.Context];

    /// <exception cref="FormatException">The text is not a single-target MemAnalyzer CSV; the message says why.</exception>
    public static TrackingCsv Read(TextReader text, IterationKey requested)
    {
        var (sepLine, head) = CsvHead.Read(text);
        var header = head ?? throw new FormatException(sepLine is null ? "the file is empty" : "the file has a sep= line but no header");
        if (ViewCsvSchemas.Match(header, sepLine) is { } view)
        {
            return ViewCsvReader.Read(view.Schema, header, view.Separator, text, requested);
        }
        var separator = sepLine ?? (header.StartsWith(TrackingColumns.DiffPrefix, StringComparison.Ordinal) ? ',' : GuessSeparator(header));
        if (header.StartsWith(TrackingColumns.DiffPrefix, StringComparison.Ordinal))
        {
            throw new FormatException("it is a diff CSV (written with -f2/-pid2); a trend needs the rows of single-target runs");
        }
        var unitName = header.Split(separator)[0];
        if (!unitName.StartsWith(TrackingColumns.AllocatedPrefix, StringComparison.Ordinal)
            || !Enum.TryParse<SizeUnit>(unitName[TrackingColumns.AllocatedPrefix.Length..], out var unit))
        {
            throw new FormatException($"its first column is \"{unitName}\", not AllocatedBytes/KB/MB/GB: it was not written by MemAnalyzer -o");
        }

        using var csv = Open(header + "\n" + text.ReadToEnd(), separator);
        csv.ReadHeader();
        var columns = csv.Headers;
        var missing = s_required.Where(c => !columns.Contains(c)).ToList();
        if (missing.Count > 0)
        {
            throw new FormatException($"it lacks the column(s) {string.Join(", ", missing)}: it was not written by MemAnalyzer -o");
        }

        var retainedColumn = TrackingColumns.Retained(unit);
        var hasRetained = columns.Contains(retainedColumn);
        var hasSelection = columns.Contains(SelectionColumn);
        var hasName = columns.Contains(TrackingColumns.Name);
        var raw = new List<RawTrackingRow>();
        var skipped = 0;
        while (csv.Read())
        {
            var label = csv.GetString(TrackingColumns.Type);
            if (string.IsNullOrEmpty(label)
                || !long.TryParse(csv.GetString(unitName), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var allocated)
                || !long.TryParse(csv.GetString(TrackingColumns.Instances), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var count))
            {
                skipped++;
                continue;
            }
            long? retained = hasRetained && long.TryParse(csv.GetString(retainedColumn), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var r) ? r * unit.Divisor() : null;
            raw.Add(new RawTrackingRow(csv.GetString(TrackingColumns.ProcessId) ?? "", csv.GetString(TrackingColumns.Context) ?? "", csv.GetString(TrackingColumns.Time) ?? "", label, allocated * unit.Divisor(), count, retained,
                hasSelection ? csv.GetString(SelectionColumn) ?? "" : "", hasName ? csv.GetString(TrackingColumns.Name) ?? "" : ""));
        }
        return Assemble(raw, skipped, unit, requested, view: null);
    }

    /// <summary>The rows read, grouped into iterations by <paramref name="requested"/> (Time when every Context is empty), with what the reader has to warn about.</summary>
    /// <param name="view">The view of a view CSV (<see cref="ViewCsvSchema.View"/>); null for the type table.</param>
    internal static TrackingCsv Assemble(IReadOnlyList<RawTrackingRow> read, int skipped, SizeUnit unit, IterationKey requested, string? view)
    {
        if (read.Count == 0)
        {
            throw new FormatException("it has a header but no rows");
        }
        var raw = IterationLabels.Label(read);
        var key = requested == IterationKey.Context && raw.All(r => r.Context.Length == 0) ? IterationKey.Time : requested;
        var warnings = new List<string>();
        if (skipped > 0)
        {
            warnings.Add($"{skipped} row(s) could not be read (not numbers, or no {(view is null ? "type" : "key")}) and were left out");
        }
        if (key != requested)
        {
            warnings.Add("every Context is empty, so iterations are told apart by the Time column");
        }
        if (raw.Any(r => TrackingColumns.CountsGarbage(r.Selection)))
        {
            warnings.Add("the runs were tracked without -live, so garbage not yet collected counts as growth (a type whose instances die between runs can look like the top grower); track with -live, into a new CSV, to follow what is kept alive");
        }
        if (unit != SizeUnit.Bytes)
        {
            warnings.Add($"the CSV holds {unit}, rounded down by MemAnalyzer: growth below 1 {unit} per iteration cannot be seen");
        }
        var rows = raw.Select(r => new TrackingRow(r.Process, key == IterationKey.Context ? r.Context : r.Time, r.Label, r.Bytes, r.Count, r.Retained, r.Selection)).ToList();
        return new TrackingCsv(rows, unit.ToString(), key, warnings, view);
    }

    internal static CsvReader Open(string text, char separator)
    {
        try
        {
            return CsvReader.FromText(text, CsvReaderOptions.Default with { Separator = separator, FormatProvider = CultureInfo.InvariantCulture });
        }
        catch (ArgumentException)
        {
            throw new FormatException($"its separator (U+{(int)separator:X4}) is not one MemAnalyzer -o writes (a printable ASCII character or a tab)");
        }
    }

    private static char GuessSeparator(string header)
    {
        // The first column is Allocated<Unit>; whatever follows its name is the separator.
        var end = header.IndexOf(TrackingColumns.Instances, StringComparison.Ordinal);
        return end > 0 ? header[end - 1] : throw new FormatException("its header has no Instances(Count) column: it was not written by MemAnalyzer -o");
    }
}

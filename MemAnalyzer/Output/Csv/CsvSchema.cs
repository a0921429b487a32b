using System.Globalization;
using MemAnalyzer.Trend;

namespace MemAnalyzer.Output;

/// <summary>
/// The columns of one kind of CSV row, in order: each a header name and how a row gives its value as text. Numbers are
/// written in the invariant culture, a missing number as an empty field. Declared in code, not found by reflection, so
/// that the Native AOT build needs no run-time code generation.
/// </summary>
public abstract class CsvSchema<TRow>
{
    private readonly List<string> _names = [];
    private readonly List<Func<TRow, string>> _values = [];

    public IReadOnlyList<string> Names => _names;

    /// <summary>The fields of <paramref name="row"/>, one per column.</summary>
    public string[] Fields(TRow row)
    {
        var fields = new string[_values.Count];
        for (var i = 0; i < fields.Length; i++)
        {
            fields[i] = _values[i](row);
        }
        return fields;
    }

    protected void Column(string name, Func<TRow, string> value)
    {
        _names.Add(name);
        _values.Add(value);
    }

    protected void Column(string name, Func<TRow, long> value) => Column(name, r => value(r).ToString(CultureInfo.InvariantCulture));

    protected void Column(string name, Func<TRow, long?> value) => Column(name, r => value(r)?.ToString(CultureInfo.InvariantCulture) ?? "");

    /// <summary>The columns that say who and when, after a row's own columns: the same in every single-target schema.</summary>
    protected void ContextColumns(Func<TRow, TargetContext> context)
    {
        Column(TrackingColumns.ProcessId, r => context(r).ProcessId);
        Column(TrackingColumns.Time, r => context(r).Time);
        Column(TrackingColumns.CommandLine, r => context(r).CommandLine);
        Column(TrackingColumns.Age, r => context(r).AgeSeconds);
        Column(TrackingColumns.Name, r => context(r).Name);
        Column(TrackingColumns.Context, r => context(r).Context);
    }
}

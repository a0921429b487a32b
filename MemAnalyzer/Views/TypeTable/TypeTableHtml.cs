using MemAnalyzer.Output;
using System.Globalization;
using MemAnalyzer.Analysis;

namespace MemAnalyzer.Views;

/// <summary>The page's type table of one target and of a diff: every type (the filter of -type applied), largest first.</summary>
public static class TypeTableHtml
{
    public const string Id = "types";

    public static string Of(IReadOnlyList<TypeStatistics> types, IReadOnlyDictionary<string, string>? links)
    {
        var retained = types.Count > 0 && types[0].Retained is not null;
        List<HtmlColumn> columns = [HtmlColumn.Text("Type"), HtmlColumn.Number("Instances"), HtmlColumn.Number("Allocated bytes"), HtmlColumn.Number("Average bytes")];
        if (retained)
        {
            columns.Add(HtmlColumn.Number("Retained bytes"));
        }
        var rows = types.OrderByDescending(t => retained ? t.Retained : t.Bytes).ThenByDescending(t => t.Bytes).ThenBy(t => t.TypeName, StringComparer.Ordinal)
            .Select(t =>
            {
                string[] row = [t.TypeName, I(t.Count), I(t.Bytes), t.Count == 0 ? "" : I(t.Bytes / t.Count)];
                return retained ? [.. row, I(t.Retained ?? 0)] : row;
            }).ToList();
        return HtmlTable.Render(Id, columns, rows, "types", links);
    }

    /// <summary>The diff: both sides and the change, the types that grew most first.</summary>
    public static string OfDiff(IReadOnlyList<TypeDiff> diffs, IReadOnlyDictionary<string, string>? links)
    {
        var retained = diffs.Any(d => d.DeltaRetained is not null);
        List<HtmlColumn> columns = [HtmlColumn.Text("Type"), HtmlColumn.Delta("Δ bytes"), HtmlColumn.Delta("Δ instances"),
            HtmlColumn.Number("Bytes before"), HtmlColumn.Number("Bytes after"), HtmlColumn.Number("Instances before"), HtmlColumn.Number("Instances after")];
        if (retained)
        {
            columns.AddRange([HtmlColumn.Delta("Δ retained"), HtmlColumn.Number("Retained before"), HtmlColumn.Number("Retained after")]);
        }
        var rows = diffs.OrderByDescending(d => d.DeltaBytes).ThenBy(d => d.TypeName, StringComparer.Ordinal).Select(d =>
        {
            string[] row = [d.TypeName, I(d.DeltaBytes), I(d.DeltaCount), I(d.Bytes1), I(d.Bytes2), I(d.Count1), I(d.Count2)];
            return retained ? [.. row, d.DeltaRetained is { } r ? I(r) : "", O(d.Retained1), O(d.Retained2)] : row;
        }).ToList();
        return HtmlTable.Render(Id, columns, rows, "types", links);
    }

    private static string I(long value) => value.ToString(CultureInfo.InvariantCulture);

    private static string O(long? value) => value is { } v ? I(v) : "";
}

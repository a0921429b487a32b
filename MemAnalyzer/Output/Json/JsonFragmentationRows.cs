using System.Globalization;

namespace MemAnalyzer.Output;

/// <summary>The JSON target of -fragmentation, from the same rows the CSV writes.</summary>
public static class JsonFragmentationRows
{
    public static JsonTarget From(IReadOnlyList<FragmentationTableRow> rows, TargetContext context) =>
        JsonTarget.Of(context) with
        {
            Fragmentation = [.. rows.Select(r => new JsonFragmentationRow(r.Section, r.Generation, Text(r.PinnedBy), Text(r.Type), Text(r.Address), r.Count, r.Bytes,
                r.Range, r.Allocated, Number(r.FreePercent), r.Largest))],
        };

    public static JsonTarget FromDiff(IReadOnlyList<FragmentationDiffTableRow> rows) =>
        new(Name: null)
        {
            FragmentationDiff = [.. rows.Select(r => new JsonFragmentationDiffRow(r.Section, r.Generation, Text(r.PinnedBy), Text(r.Type), r.Count, r.Count2,
                r.DeltaCount, r.Bytes, r.Bytes2, r.DeltaBytes, Number(r.FreePercent), Number(r.FreePercent2)))],
        };

    private static string? Text(string value) => value.Length == 0 ? null : value;

    private static double? Number(string value) => value.Length == 0 ? null : double.Parse(value, CultureInfo.InvariantCulture);
}

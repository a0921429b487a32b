namespace MemAnalyzer.Trend;

/// <summary>
/// How -trend reads the single-target CSV of a view other than the type table: the header's first columns that
/// identify it, the key columns whose values, joined by a space, name a series ("Pinned System.Byte[]"), the count
/// column, and the bytes column (<see cref="BytesPrefix"/> and the unit: "Bytes(KB)").
/// </summary>
/// <param name="View">The view's switch without its dash: handles, finalizable, inspections.</param>
/// <param name="Signature">The header's first column names, in order.</param>
/// <param name="Total">The label of the trend's headline: every series of the view added up (or those of <paramref name="TotalOf"/>).</param>
/// <param name="OptionalKeys">Key columns that may be empty in a row (the series is then named by the others).</param>
/// <param name="SkipFirstKey">Rows whose first key has one of these values are not series (-fragmentation's largest blocks, keyed by address).</param>
/// <param name="TotalOf">When set, the headline adds up only the series whose first key has this value.</param>
/// <param name="NoBytesFirstKey">Rows whose first key has one of these values may leave Bytes empty (-modules' dynamic modules, which have no image): read as 0 bytes, their count still a series.</param>
public sealed record ViewCsvSchema(string View, IReadOnlyList<string> Signature, IReadOnlyList<string> Keys, string Count, string Total,
    IReadOnlyList<string>? OptionalKeys = null, IReadOnlyList<string>? SkipFirstKey = null, string? TotalOf = null, IReadOnlyList<string>? NoBytesFirstKey = null)
{
    /// <summary>Whether a row with these key values may have no bytes (<see cref="NoBytesFirstKey"/>).</summary>
    public bool MayLackBytes(IReadOnlyList<string> keys) => NoBytesFirstKey is not null && NoBytesFirstKey.Contains(keys[0]);

    public const string BytesPrefix = "Bytes(";

    /// <summary>A diff's CSV of the view has the count column of the second side (Handles2): -trend needs single-target rows.</summary>
    public string DiffCount => Count + "2";

    /// <summary>Whether a row with these key values is by design no series (<see cref="SkipFirstKey"/>).</summary>
    public bool IsNoSeries(IReadOnlyList<string> keys) => SkipFirstKey is not null && SkipFirstKey.Contains(keys[0]);

    /// <summary>The series name of a row's key values, or null when a required key is empty.</summary>
    public string? SeriesName(IReadOnlyList<string> keys)
    {
        for (var i = 0; i < keys.Count; i++)
        {
            if (keys[i].Length == 0 && (OptionalKeys is null || !OptionalKeys.Contains(Keys[i])))
            {
                return null;
            }
        }
        return string.Join(' ', keys.Where(k => k.Length > 0));
    }

    /// <summary>Whether a series counts in the headline.</summary>
    public bool InTotal(string series) => TotalOf is null || series.StartsWith(TotalOf + " ", StringComparison.Ordinal);
}

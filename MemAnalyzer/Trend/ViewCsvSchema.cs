namespace MemAnalyzer.Trend;

/// <summary>
/// How -trend reads the single-target CSV of a view other than the type table: the header's first columns that
/// identify it, the key columns whose values, joined by a space, name a series ("Pinned System.Byte[]"), the count
/// column, and the bytes column (<see cref="BytesPrefix"/> and the unit: "Bytes(KB)").
/// </summary>
/// <param name="View">The view's switch without its dash: handles, finalizable, inspections.</param>
/// <param name="Signature">The header's first column names, in order.</param>
/// <param name="Total">The label of the trend's headline: every series of the view added up.</param>
public sealed record ViewCsvSchema(string View, IReadOnlyList<string> Signature, IReadOnlyList<string> Keys, string Count, string Total)
{
    public const string BytesPrefix = "Bytes(";

    /// <summary>The name of the bytes column in <paramref name="unit"/>: Bytes(Bytes), Bytes(KB), …</summary>
    public static string BytesColumn(string unit) => $"{BytesPrefix}{unit})";

    /// <summary>A diff's CSV of the view has the count column of the second side (Handles2): -trend needs single-target rows.</summary>
    public string DiffCount => Count + "2";
}

using MemAnalyzer.Analysis;

namespace MemAnalyzer.Strings;

/// <summary>All strings with one value.</summary>
/// <param name="Value">The value; for a string longer than <see cref="StringStatisticsCollector.HugeStringChars"/> its beginning only.</param>
/// <param name="Key">What tells values apart: the value itself, or for a huge string its length and SHA-256.</param>
/// <param name="InstanceSize">Bytes of one instance (header, length, characters, padding).</param>
/// <param name="SampleAddress">One instance, for -showAddress.</param>
public sealed record StringValueStatistics(string Key, string Value, long Length, long Count, long InstanceSize, ulong SampleAddress)
{
    public long Bytes => Count * InstanceSize;

    /// <summary>The bytes a single shared instance would save: (count − 1) × size.</summary>
    public long Waste => (Count - 1) * InstanceSize;

    public bool IsCut => Value.Length < Length;
}

/// <summary>The field that holds most copies of one value, such as MyApp.Customer.City.</summary>
/// <param name="Copies">References from that field to strings with the value.</param>
/// <param name="References">References to strings with the value from all fields.</param>
public sealed record StringOwner(string Field, long Copies, long References);

/// <summary>Every string value of one heap (or of its live or dead part), reduced to counts.</summary>
public sealed record StringSnapshot(IReadOnlyList<StringValueStatistics> Values, ObjectSelection Selection, IReadOnlyList<string> Warnings)
{
    public long StringCount => Values.Sum(v => v.Count);

    public long StringBytes => Values.Sum(v => v.Bytes);

    public long WasteBytes => Values.Sum(v => v.Waste);
}

/// <summary>A single-target -dstrings result: the top values and who holds them.</summary>
public sealed record StringReport(StringSnapshot Snapshot, IReadOnlyList<StringValueStatistics> Top, IReadOnlyDictionary<string, StringOwner> Owners);

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

/// <summary>The strings of one heap (or of its live or dead part), reduced to counts.</summary>
/// <param name="Values">For a report, the values with two or more copies; for a diff, every value.</param>
/// <param name="StringCount">Every readable string of the selection, duplicated or not.</param>
/// <param name="StringBytes">Their bytes.</param>
public sealed record StringSnapshot(IReadOnlyList<StringValueStatistics> Values, long StringCount, long StringBytes, ObjectSelection Selection, IReadOnlyList<string> Warnings)
{
    /// <summary>Only values with copies waste bytes, so the values kept are enough.</summary>
    public long WasteBytes => Values.Sum(v => v.Waste);

    /// <summary>Distinct content hashes the first pass of a report kept (0 for a diff).</summary>
    public long DistinctHashes { get; init; }

    /// <summary>The first pass's table, in bytes.</summary>
    public long HashTableBytes { get; init; }
}

/// <summary>A single-target -dstrings result: the top values and who holds them.</summary>
public sealed record StringReport(StringSnapshot Snapshot, IReadOnlyList<StringValueStatistics> Top, IReadOnlyDictionary<string, StringOwner> Owners);

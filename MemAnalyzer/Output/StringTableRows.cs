using MemAnalyzer.Analysis;
using MemAnalyzer.Strings;

namespace MemAnalyzer.Output;

/// <summary>One duplicated value in a -dstrings CSV.</summary>
public sealed record StringTableRow(long Count, long Waste, long InstanceSize, string Value, string Owner, string Address, TargetContext Context);

/// <summary>The -dstrings CSV schema; values are escaped like the console's but cut at <see cref="StringText.CsvChars"/> characters.</summary>
public sealed class StringCsvRowMap : CsvSchema<StringTableRow>
{
    public StringCsvRowMap(SizeUnit unit)
    {
        Column("Strings(Count)", r => r.Count);
        Column($"Waste{unit}", r => r.Waste);
        Column("Size(Bytes)", r => r.InstanceSize);
        Column("String", r => r.Value);
        Column("Owner", r => r.Owner);
        Column("Address", r => r.Address);
        ContextColumns(r => r.Context);
    }
}

/// <summary>One value of a string diff in CSV, with the console diff's columns.</summary>
public sealed record StringDiffTableRow(long Delta, long? DeltaInstances, long? Instances, long? Instances2, long Allocated, long Allocated2, string Value);

public sealed class StringDiffCsvRowMap : CsvSchema<StringDiffTableRow>
{
    public StringDiffCsvRowMap(SizeUnit unit)
    {
        var header = StringStatisticsRenderer.DiffHeader(unit);
        Column(header[0], r => r.Delta);
        Column(header[1], r => r.DeltaInstances);
        Column(header[2], r => r.Instances);
        Column(header[3], r => r.Instances2);
        Column(header[4], r => r.Allocated);
        Column(header[5], r => r.Allocated2);
        Column(header[6], r => r.Value);
    }
}

/// <summary>The -dstrings CSV rows of a report or of a value diff.</summary>
public static class StringTableRows
{
    public static IReadOnlyList<StringTableRow> FromReport(StringReport report, SizeUnit unit, bool showAddress, TargetContext context) =>
        [.. report.Top.Select(v => new StringTableRow(v.Count, unit.Convert(v.Waste), v.InstanceSize,
            StringText.Escape(v.Value, StringText.CsvChars, v.IsCut), StringStatisticsRenderer.Owner(report, v),
            showAddress ? $"0x{v.SampleAddress:x}" : "", context))];

    public static IReadOnlyList<StringDiffTableRow> FromDiff(IReadOnlyList<StringDiff> diff, SizeUnit unit) =>
        [.. diff.Select(d => new StringDiffTableRow(unit.Convert(d.Bytes2) - unit.Convert(d.Bytes1), d.DeltaCount, d.Count1, d.Count2,
            unit.Convert(d.Bytes1), unit.Convert(d.Bytes2), StringText.Escape(d.Value, StringText.CsvChars, d.Value.Length < d.Length)))];
}

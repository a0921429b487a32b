using CsvHelper.Configuration;
using MemAnalyzer.Analysis;
using MemAnalyzer.Strings;

namespace MemAnalyzer.Output;

/// <summary>One duplicated value in a -dstrings CSV.</summary>
public sealed record StringCsvRow(long Count, long Waste, long InstanceSize, string Value, string Owner, string Address, CsvContext Context);

/// <summary>The -dstrings CSV schema; values are escaped like the console's but cut at <see cref="StringText.CsvChars"/> characters.</summary>
public sealed class StringCsvRowMap : ClassMap<StringCsvRow>
{
    public StringCsvRowMap(SizeUnit unit)
    {
        Map(r => r.Count).Name("Strings(Count)").Index(0);
        Map(r => r.Waste).Name($"Waste{unit}").Index(1);
        Map(r => r.InstanceSize).Name("Size(Bytes)").Index(2);
        Map(r => r.Value).Name("String").Index(3);
        Map(r => r.Owner).Name("Owner").Index(4);
        Map(r => r.Address).Name("Address").Index(5);
        References<CsvContextMap>(r => r.Context, 6);
    }
}

/// <summary>One value of a string diff in CSV, with the console diff's columns.</summary>
public sealed record StringDiffCsvRow(long Delta, long? DeltaInstances, long? Instances, long? Instances2, long Allocated, long Allocated2, string Value);

public sealed class StringDiffCsvRowMap : ClassMap<StringDiffCsvRow>
{
    public StringDiffCsvRowMap(SizeUnit unit)
    {
        var header = StringStatisticsRenderer.DiffHeader(unit);
        Map(r => r.Delta).Name(header[0]).Index(0);
        Map(r => r.DeltaInstances).Name(header[1]).Index(1);
        Map(r => r.Instances).Name(header[2]).Index(2);
        Map(r => r.Instances2).Name(header[3]).Index(3);
        Map(r => r.Allocated).Name(header[4]).Index(4);
        Map(r => r.Allocated2).Name(header[5]).Index(5);
        Map(r => r.Value).Name(header[6]).Index(6);
    }
}

/// <summary>The -dstrings CSV rows of a report or of a value diff.</summary>
public static class StringCsvRows
{
    public static IReadOnlyList<StringCsvRow> FromReport(StringReport report, SizeUnit unit, bool showAddress, CsvContext context) =>
        [.. report.Top.Select(v => new StringCsvRow(v.Count, unit.Convert(v.Waste), v.InstanceSize,
            StringText.Escape(v.Value, StringText.CsvChars, v.IsCut), StringStatisticsRenderer.Owner(report, v),
            showAddress ? $"0x{v.SampleAddress:x}" : "", context))];

    public static IReadOnlyList<StringDiffCsvRow> FromDiff(IReadOnlyList<StringDiff> diff, SizeUnit unit) =>
        [.. diff.Select(d => new StringDiffCsvRow(unit.Convert(d.Bytes2) - unit.Convert(d.Bytes1), d.DeltaCount, d.Count1, d.Count2,
            unit.Convert(d.Bytes1), unit.Convert(d.Bytes2), StringText.Escape(d.Value, StringText.CsvChars, d.Value.Length < d.Length)))];
}

using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using MemAnalyzer.Strings;
using C = MemAnalyzer.Output.TableColumn<MemAnalyzer.Views.StringTableRow>;
using D = MemAnalyzer.Output.TableColumn<MemAnalyzer.Views.StringTableRow.Diff>;

namespace MemAnalyzer.Views;

/// <summary>One duplicated value of -dstrings; waste in the run's unit. Address is empty without -showaddress.</summary>
public sealed record StringTableRow(long Count, long Waste, long InstanceSize, string Value, string Owner, string Address, TargetContext? Context)
{
    /// <summary>
    /// The -dstrings table: Strings(Count), Waste&lt;Unit&gt;, Size(Bytes), String, Owner, Address, then the context
    /// columns (the CSV's names, older than the unit-in-parentheses rule); the JSON leads with the value.
    /// </summary>
    public static readonly TableDeclaration<StringTableRow> Table = new(
        [
            C.Count("Count", r => r.Count) with { CsvHeader = _ => "Strings(Count)" },
            C.Size("Waste", r => r.Waste) with { CsvHeader = unit => $"Waste{unit}" },
            C.Count("Size", r => r.InstanceSize) with { CsvHeader = _ => "Size(Bytes)" },
            C.String("Value", r => r.Value) with { CsvHeader = _ => "String" },
            C.String("Owner", r => r.Owner),
            C.String("Address", r => r.Address) with { Look = ColumnLook.Figure },
        ],
        context: r => r.Context!,
        json: ["Value", "Count", "Waste", "Size", "Owner", "Address"],
        console: ["Count:Strings(Count)", "Waste", "Value:String", "Owner"]);

    /// <summary>The console's table with -showaddress.</summary>
    public static readonly IReadOnlyList<string> ConsoleWithAddress = ["Count:Strings(Count)", "Waste", "Address", "Value:String", "Owner"];

    /// <param name="chars">Where a value is cut: <see cref="StringText.CsvChars"/>, or <see cref="StringText.ConsoleChars"/> on the console.</param>
    public static IReadOnlyList<StringTableRow> From(StringReport report, SizeUnit unit, bool showAddress, TargetContext? context, int chars = StringText.CsvChars) =>
        [.. report.Top.Select(v => new StringTableRow(v.Count, unit.Convert(v.Waste), v.InstanceSize,
            StringText.Escape(v.Value, chars, v.IsCut), OwnerOf(report, v), showAddress ? $"0x{v.SampleAddress:x}" : "", context))];

    /// <summary>The field that holds most copies of a value, with its share: "Order.Status (5,000 of 5,000)"; the console and the CSV say the same.</summary>
    public static string OwnerOf(StringReport report, StringValueStatistics value) =>
        report.Owners.TryGetValue(value.Key, out var o) ? $"{o.Field} ({NumberFormat.N(o.Copies)} of {NumberFormat.N(value.Count)})" : "";

    /// <summary>One value of a string diff (or, on the console, a total row: instances absent for the waste).</summary>
    public sealed record Diff(long Delta, long? DeltaInstances, long? Instances, long? Instances2, long Allocated, long Allocated2, string Value)
    {
        /// <summary>The string diff's table, the console's columns in the same order; the JSON leads with the value.</summary>
        public static readonly TableDeclaration<Diff> Table = new(
            [
                D.Size("Delta", r => r.Delta),
                D.Count("DeltaInstances", r => r.DeltaInstances) with { CsvHeader = _ => "Delta(Instances)" },
                D.Count("Instances", r => r.Instances),
                D.Count("Instances2", r => r.Instances2),
                D.Size("Allocated", r => r.Allocated),
                D.Size("Allocated2", r => r.Allocated2),
                D.String("Value", r => r.Value),
            ],
            json: ["Value", "Delta", "DeltaInstances", "Instances", "Instances2", "Allocated", "Allocated2"],
            console: ["Delta", "DeltaInstances:Delta(Instances)", "Instances", "Instances2", "Allocated", "Allocated2", "Value"]);

        public static IReadOnlyList<Diff> From(IReadOnlyList<StringDiff> diff, SizeUnit unit, int chars = StringText.CsvChars) =>
            [.. diff.Select(d => new Diff(unit.Convert(d.Bytes2) - unit.Convert(d.Bytes1), d.DeltaCount, d.Count1, d.Count2,
                unit.Convert(d.Bytes1), unit.Convert(d.Bytes2), StringText.Escape(d.Value, chars, d.Value.Length < d.Length)))];
    }
}

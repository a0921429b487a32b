using MemAnalyzer.Analysis;
using MemAnalyzer.Inspections;

namespace MemAnalyzer.Output;

/// <summary>-inspections on the console: one table of findings, then why each inspection that found something matters.</summary>
public static class InspectionRenderer
{
    public static void Write(TextWriter writer, InspectionReport report, InspectionOptions options, SizeUnit unit)
    {
        writer.WriteLine($"Inspections of {report.LiveObjects:N0} live objects (events from {options.MinHandlers:N0} handlers; " +
            $"sparse: at most {options.SparsePercent}% of capacity used; groups of collections and arrays from {options.MinGroup:N0} instances)");
        if (report.Findings.Count == 0)
        {
            writer.WriteLine("No findings.");
            return;
        }
        writer.WriteLine(SavesLine(report, unit));
        writer.WriteLine();
        var rows = report.Findings.Select(f => (IReadOnlyList<string>)
            [f.Inspection, f.Count.ToString("N0", System.Globalization.CultureInfo.InvariantCulture),
             unit.Convert(f.Bytes).ToString("N0", System.Globalization.CultureInfo.InvariantCulture),
             unit.Convert(f.Saves).ToString("N0", System.Globalization.CultureInfo.InvariantCulture),
             SuspectTableRows.Address(f.Example), f.Type, f.Detail]).ToList();
        TextTable.Write(writer, ["Inspection", "Count", $"Bytes({unit})", $"Saves({unit})", "Example", "Type", "Detail"], rows, new HashSet<int> { 0, 4, 5 });
        writer.WriteLine();
        foreach (var inspection in InspectionNames.Ordered.Where(i => report.Findings.Any(f => f.Inspection == i)))
        {
            writer.WriteLine($"{inspection}: {InspectionNames.Why(inspection)}");
        }
        writer.WriteLine("Look at an example with -objects <address>.");
    }

    /// <summary>"fixing every finding would save N Bytes (P % of the live heap)": the findings' savings, no byte counted twice.</summary>
    public static string SavesLine(InspectionReport report, SizeUnit unit) =>
        $"fixing every finding would save {NumberFormat.N(unit.Convert(report.Saves))} {unit} " +
        $"({(report.LiveBytes == 0 ? 0 : 100.0 * report.Saves / report.LiveBytes).ToString("0.0", System.Globalization.CultureInfo.InvariantCulture)} % of the live heap)";

    /// <summary>
    /// A diff: the findings' counts on both sides, the three that grew most ("+50 event handlers Owner.Changed (+6,400 Bytes)"),
    /// then each finding that changed, is new or is gone, with both sides and the change.
    /// </summary>
    public static void WriteDiff(TextWriter writer, IReadOnlyList<GroupGrowth> growth, SizeUnit unit)
    {
        if (growth.Count == 0)
        {
            writer.WriteLine("Inspections: no finding changed between the two targets.");
            return;
        }
        writer.WriteLine($"Findings that changed: {NumberFormat.N(growth.Count)} ({NumberFormat.N(growth.Count(g => g.IsNew))} new, {NumberFormat.N(growth.Count(g => g.IsGone))} gone).");
        foreach (var g in growth.Where(g => g.DeltaCount > 0).Take(3))
        {
            writer.WriteLine($"{GrowthRenderer.Signed(g.DeltaCount)} {g.Group} {g.Key} ({GrowthRenderer.Signed(unit.Convert(g.DeltaBytes))} {unit})");
        }
        GrowthRenderer.WriteTable(writer, growth, unit, "Inspection", "Count", change: true);
    }
}

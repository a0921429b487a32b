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
        writer.WriteLine();
        var rows = report.Findings.Select(f => (IReadOnlyList<string>)
            [f.Inspection, f.Count.ToString("N0", System.Globalization.CultureInfo.InvariantCulture),
             unit.Convert(f.Bytes).ToString("N0", System.Globalization.CultureInfo.InvariantCulture),
             SuspectTableRows.Address(f.Example), f.Type, f.Detail]).ToList();
        TextTable.Write(writer, ["Inspection", "Count", $"Bytes({unit})", "Example", "Type", "Detail"], rows, new HashSet<int> { 0, 3, 4 });
        writer.WriteLine();
        foreach (var inspection in InspectionNames.Ordered.Where(i => report.Findings.Any(f => f.Inspection == i)))
        {
            writer.WriteLine($"{inspection}: {InspectionNames.Why(inspection)}");
        }
        writer.WriteLine("Look at an example with -objects <address>.");
    }
}

using System.Text;
using MemAnalyzer.Commands;
using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;
using static MemAnalyzer.Output.HtmlLook;

namespace MemAnalyzer.Views;

/// <summary>
/// The -html page of a table view (-inspections, -handles, -finalizable, -fragmentation, -modules, -dstrings) and of its
/// diff: the header (the target, its runtime and capture, the warnings, the command), the view's lines above its table,
/// the table as the console lays it out (sortable, filterable), and the view's notes below it.
/// </summary>
public static class TablePage
{
    /// <summary>The id of the page's one table, for the address's fragment: "#sort=table.2".</summary>
    public const string Id = "table";

    /// <summary>The header of one target's page; <paramref name="runtime"/> was read while the target was open.</summary>
    public static PageHeader Header(string view, TargetSpec target, ReadReport report, string runtime, HeapSnapshot? heap, IReadOnlyList<string> warnings, string commandLine) =>
        new($"MemAnalyzer {view}: {PageFacts.Name(target)}", [.. PageFacts.Of(target, report, runtime, heap)], warnings, commandLine);

    /// <summary>The header of a diff's page: both targets' facts, "Before: " and "After: ", and both targets' warnings.</summary>
    public static PageHeader DiffHeader(string view, (TargetSpec Target, ReadReport Report, string Runtime, HeapSnapshot? Heap, IReadOnlyList<string> Warnings) first,
        (TargetSpec Target, ReadReport Report, string Runtime, HeapSnapshot? Heap, IReadOnlyList<string> Warnings) second, string commandLine) =>
        new($"MemAnalyzer {view} diff: {PageFacts.Name(first.Target)} → {PageFacts.Name(second.Target)}",
            [.. PageFacts.Of(first.Target, first.Report, first.Runtime, first.Heap, "Before: "), .. PageFacts.Of(second.Target, second.Report, second.Runtime, second.Heap, "After: ")],
            [.. first.Warnings.Select(w => "first target: " + w), .. second.Warnings.Select(w => "second target: " + w)], commandLine);

    /// <summary>The page: the header, the lines above the table, the table, the notes below it.</summary>
    public static string Of(PageHeader header, string heading, string table, IReadOnlyList<string> lead, IReadOnlyList<string> notes)
    {
        var body = new StringBuilder();
        foreach (var line in lead)
        {
            body.Append("<p>").Append(E(line)).Append("</p>\n");
        }
        body.Append(table);
        foreach (var line in notes)
        {
            body.Append("<p class=\"note\">").Append(E(line)).Append("</p>\n");
        }
        return new ReportPage(header).Section(Id, heading, body.ToString()).Render();
    }
}

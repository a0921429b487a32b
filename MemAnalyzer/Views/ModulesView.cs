using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Heap;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>
/// -modules: the managed modules the target's runtime has loaded, by kind and name, most loaded first; with -f2/-pid2,
/// both sides and the change, the modules loaded in between first. One name loaded hundreds of times is the leak of
/// generated assemblies that no type table shows.
/// </summary>
public sealed class ModulesView : TableView<bool, IReadOnlyList<ModuleGroup>, ModuleTableRow, ModuleTableRow.Diff>
{
    public override IReadOnlyList<ViewSwitch> Switches { get; } =
    [
        ViewSwitch.Flag("-modules|--modules", "The managed modules the runtime has loaded, by kind (file, in-memory, dynamic) and name: count, image bytes (n/a for a dynamic module), the path of one; one name loaded again and again is a leak of generated assemblies. With -f2/-pid2: which changed."),
    ];

    protected override string OwnText => "-modules is a view of its own (the runtime's loaded modules, not objects)";

    protected override IReadOnlyList<string> Accepts { get; } = ["-showunchanged"];

    public override TargetNeeds Needs => TargetNeeds.Modules;

    public override bool EachDumpOfABatch => true;

    public override bool ReadsRoots(CommandRequest request) => false;

    public override CommandRequest Build(ViewLine line)
    {
        RefuseOtherViews(line);
        ShowUnchangedNeedsDiff(line);
        return new ViewRequest<bool>(this, line.First, line.Second, line.Unit(), line.Output, line.Has("-showunchanged"), default);
    }

    public override IReadOnlyList<ModuleGroup> Read(ViewRequest<bool> request, HeapSource source, RunContext context, bool diffSide, CancellationToken cancellation) =>
        ModuleCensus.Read(source, cancellation);

    public override IReadOnlyList<string> Warnings(IReadOnlyList<ModuleGroup> reading) => [];

    public override JsonReport Header(ViewRequest<bool> request) =>
        JsonHeader.Report(request.Second is null ? JsonReportMode.Modules : JsonReportMode.ModulesDiff, request.Unit, ObjectSelection.All, retained: false);

    public override TableCsvSchema<ModuleTableRow> Schema(ViewRequest<bool> request) => ModuleTableRow.Table.Csv(request.Unit);

    public override ResultTable<ModuleTableRow> Table(ViewRequest<bool> request, IReadOnlyList<ModuleGroup> reading, RunContext context) =>
        new(() => Write(context.Out, reading, request.Unit), described =>
        {
            var rows = ModuleTableRow.From(reading, request.Unit, described!);
            return (rows, JsonTarget.Of(described!) with { Modules = ModuleTableRow.Table.Json(rows) });
        });

    public override TableCsvSchema<ModuleTableRow.Diff> DiffSchema(ViewRequest<bool> request) => ModuleTableRow.Diff.Table.Csv(request.Unit);

    public override ResultTable<ModuleTableRow.Diff> DiffTable(ViewRequest<bool> request, IReadOnlyList<ModuleGroup> first, IReadOnlyList<ModuleGroup> second, RunContext context)
    {
        var rows = ModuleTableRow.Diff.From(first, second, request.Unit, request.ShowUnchanged);
        return new(() => WriteDiff(context.Out, first, second, rows, request.Unit), _ => (rows, new JsonTarget(Name: null) { ModulesDiff = ModuleTableRow.Diff.Table.Json(rows) }));
    }

    /// <summary>The console: the totals, then one row per kind and name.</summary>
    private static void Write(TextWriter writer, IReadOnlyList<ModuleGroup> groups, SizeUnit unit)
    {
        writer.WriteLine($"Modules: {NumberFormat.N(groups.Sum(g => g.Count))} loaded, {NumberFormat.N(groups.Count)} names ({Kinds(groups)}).");
        ModuleTableRow.Table.Console(writer, ModuleTableRow.From(groups, unit, null), unit);
    }

    private static void WriteDiff(TextWriter writer, IReadOnlyList<ModuleGroup> first, IReadOnlyList<ModuleGroup> second, IReadOnlyList<ModuleTableRow.Diff> rows, SizeUnit unit)
    {
        var (before, after) = (first.Sum(g => g.Count), second.Sum(g => g.Count));
        writer.WriteLine($"Modules: {NumberFormat.N(before)} → {NumberFormat.N(after)} ({NumberFormat.Signed(after - before)}).");
        if (rows.Count == 0)
        {
            writer.WriteLine("No module name changed between the two targets.");
            return;
        }
        ModuleTableRow.Diff.Table.Console(writer, rows, unit);
    }

    /// <summary>"file 180, dynamic 37": the modules of each kind, most first.</summary>
    private static string Kinds(IReadOnlyList<ModuleGroup> groups) =>
        string.Join(", ", groups.GroupBy(g => g.Kind).Select(k => (k.Key, Sum: k.Sum(g => g.Count)))
            .OrderByDescending(k => k.Sum).ThenBy(k => k.Key, StringComparer.Ordinal).Select(k => $"{k.Key} {NumberFormat.N(k.Sum)}"));
}

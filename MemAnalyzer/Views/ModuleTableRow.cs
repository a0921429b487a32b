using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using C = MemAnalyzer.Output.TableColumn<MemAnalyzer.Views.ModuleTableRow>;
using D = MemAnalyzer.Output.TableColumn<MemAnalyzer.Views.ModuleTableRow.Diff>;

namespace MemAnalyzer.Views;

/// <summary>
/// One kind × name of -modules: how many modules, the bytes of their images in the run's unit (absent for a dynamic
/// module, which has no image: an empty CSV field, no JSON property, "n/a" on the console), the path of one of them.
/// </summary>
public sealed record ModuleTableRow(string Kind, string Module, long Count, long? Bytes, string Path, TargetContext? Context)
{
    /// <summary>What the console shows for the bytes of a dynamic module.</summary>
    public const string NoImage = "n/a";

    /// <summary>The -modules table: Kind, Module, Count, Bytes, Path, then the context columns; the console leads with Count and Bytes.</summary>
    public static readonly TableDeclaration<ModuleTableRow> Table = new(
        [
            C.String("Kind", r => r.Kind),
            C.String("Module", r => r.Module),
            C.Count("Count", r => r.Count),
            C.Size("Bytes", r => r.Bytes) with { ConsoleEmpty = NoImage },
            C.String("Path", r => r.Path, ColumnJson.TextOrNone),
        ],
        context: r => r.Context!,
        console: ["Count", "Bytes", "Kind", "Module", "Path"]);

    public static IReadOnlyList<ModuleTableRow> From(IReadOnlyList<ModuleGroup> groups, SizeUnit unit, TargetContext? context) =>
        [.. groups.Select(g => new ModuleTableRow(g.Kind, g.Name, g.Count, g.Bytes is { } b ? unit.Convert(b) : null, g.Path, context))];

    /// <summary>One kind × name of a diff: both sides and the change; a dynamic module's bytes are absent on both sides.</summary>
    public sealed record Diff(string Kind, string Module, long Count, long Count2, long DeltaCount, long? Bytes, long? Bytes2, long? DeltaBytes, string Change)
    {
        /// <summary>The diff's table: no context columns (as every diff CSV); the console leads with the counts.</summary>
        public static readonly TableDeclaration<Diff> Table = new(
            [
                D.String("Kind", r => r.Kind),
                D.String("Module", r => r.Module),
                D.Count("Count", r => r.Count),
                D.Count("Count2", r => r.Count2),
                D.Count("DeltaCount", r => r.DeltaCount) with { Look = ColumnLook.Signed },
                D.Size("Bytes", r => r.Bytes) with { ConsoleEmpty = NoImage },
                D.Size("Bytes2", r => r.Bytes2) with { ConsoleEmpty = NoImage },
                D.Size("DeltaBytes", r => r.DeltaBytes) with { Look = ColumnLook.Signed, ConsoleEmpty = NoImage },
                D.String("Change", r => r.Change, ColumnJson.TextOrNone),
            ],
            console: ["Count", "Count2", "DeltaCount:Delta", "Bytes", "Bytes2", "DeltaBytes", "Change", "Kind", "Module"]);

        /// <summary>Both sides matched by kind and name, most changed count first (<see cref="GroupGrowth.Match{T}"/>).</summary>
        public static IReadOnlyList<Diff> From(IReadOnlyList<ModuleGroup> first, IReadOnlyList<ModuleGroup> second, SizeUnit unit, bool unchanged) =>
            [.. GroupGrowth.Match(first, second, g => (g.Kind, g.Name), g => g.Count, g => g.Bytes ?? 0, unchanged).Select(g =>
            {
                var image = g.Group != ModuleGroup.Dynamic;
                var (bytes, bytes2) = (unit.Convert(g.Bytes), unit.Convert(g.Bytes2));
                return new Diff(g.Group, g.Key, g.Count, g.Count2, g.DeltaCount, image ? bytes : null, image ? bytes2 : null, image ? bytes2 - bytes : null,
                    GrowthTableRow.ChangeOf(g));
            })];
    }
}

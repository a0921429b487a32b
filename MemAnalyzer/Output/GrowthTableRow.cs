using MemAnalyzer.Analysis;
using C = MemAnalyzer.Output.TableColumn<MemAnalyzer.Output.GrowthTableRow>;

namespace MemAnalyzer.Output;

/// <summary>
/// One group of a view's diff (-handles, -finalizable, -inspections with -f2/-pid2), bytes in the run's unit: both sides
/// and the change. <paramref name="Change"/> is "new" (only on the second side), "gone" (only on the first) or empty.
/// </summary>
public sealed record GrowthTableRow(string Group, string Key, long Count, long Count2, long DeltaCount, long Bytes, long Bytes2, long DeltaBytes, string Change)
{
    public const string New = "new";
    public const string Gone = "gone";

    /// <summary>
    /// A view diff's table: the group column (Kind, State, Inspection), Type, the count column on both sides and its
    /// Delta, Bytes on both sides and DeltaBytes; with <paramref name="change"/>, a Change column (new, gone; left out of
    /// the JSON when neither). No context columns, as every diff CSV. The console leads with the group and ends with Type.
    /// </summary>
    public static TableDeclaration<GrowthTableRow> Table(string group, string count, bool change = false) => new(
        [
            C.String(group, r => r.Group),
            C.String("Type", r => r.Key),
            C.Count(count, r => r.Count),
            C.Count(count + "2", r => r.Count2),
            C.Count("Delta" + count, r => r.DeltaCount) with { Look = ColumnLook.Signed },
            C.Size("Bytes", r => r.Bytes),
            C.Size("Bytes2", r => r.Bytes2),
            C.Size("DeltaBytes", r => r.DeltaBytes) with { Look = ColumnLook.Signed },
            .. change ? [C.String("Change", r => r.Change, ColumnJson.TextOrNone)] : Array.Empty<C>(),
        ],
        console: [group, count, count + "2", $"Delta{count}:Delta", "Bytes", "Bytes2", "DeltaBytes", .. change ? ["Change"] : Array.Empty<string>(), "Type"]);

    /// <summary>
    /// The lines a view's diff leads with: the three groups that grew most, "+50 {group} {between}{key} (+6,400 Bytes)"
    /// (<paramref name="between"/> is "handles to " for -handles, empty for the others).
    /// </summary>
    public static void WriteGrownMost(TextWriter writer, IReadOnlyList<GroupGrowth> growth, SizeUnit unit, string between = "")
    {
        foreach (var g in growth.Where(g => g.DeltaCount > 0).Take(3))
        {
            writer.WriteLine($"{NumberFormat.Signed(g.DeltaCount)} {g.Group} {between}{g.Key} ({NumberFormat.Signed(unit.Convert(g.DeltaBytes))} {unit})");
        }
    }

    public static string ChangeOf(GroupGrowth g) => g.IsNew ? New : g.IsGone ? Gone : "";

    public static IReadOnlyList<GrowthTableRow> From(IReadOnlyList<GroupGrowth> growth, SizeUnit unit) =>
        [.. growth.Select(g => new GrowthTableRow(g.Group, g.Key, g.Count, g.Count2, g.DeltaCount,
            unit.Convert(g.Bytes), unit.Convert(g.Bytes2), unit.Convert(g.Bytes2) - unit.Convert(g.Bytes), ChangeOf(g)))];
}

using System.Globalization;
using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;

namespace MemAnalyzer.Views;

/// <summary>
/// -roots &lt;type&gt; [N]: the type table (of one target or a diff) followed by the N most common paths from a GC root to
/// the live instances of a type, on the console. It takes every switch of the type table and reads as it does, with
/// the live graph's paths (<see cref="TargetReading"/>).
/// </summary>
public sealed class RootsView : TypeTableView
{
    /// <summary>-roots &lt;type&gt; [N]: a number after the type is how many paths, passed on as this switch.</summary>
    public const string TopSwitch = "--roots-top";

    public override IReadOnlyList<ViewSwitch> Switches { get; } =
    [
        ViewSwitch.Single("-roots|--roots <TYPE>", "The N (default 5) most common paths from a GC root to live instances of TYPE (exact name, or * wildcards): -roots <TYPE> [N].")
            with { NumberAfterValue = TopSwitch },
        ViewSwitch.Single(TopSwitch + " <N>", "") with { Number = true },
    ];

    /// <summary>Every switch of the type table: the table comes first.</summary>
    protected override IReadOnlyList<string> Accepts => [.. ViewCatalog.TypeTable.Switches.Select(s => s.Name)];

    /// <summary>-roots' query, or null without it (then a number of paths alone is refused).</summary>
    public static RootsQuery? Query(ViewLine line, bool writesRows)
    {
        if (line.Value("-roots") is not { } type)
        {
            return line.Has(TopSwitch) ? throw ViewLine.Invalid("a number of paths belongs to -roots: -roots <type> [N]") : null;
        }
        if (writesRows)
        {
            throw ViewLine.Invalid("-roots prints paths on the console and -o or -format json write type rows: run them as two commands");
        }
        // Cli checked that the number is one.
        var top = line.Value(TopSwitch) is { } text ? int.Parse(text, NumberStyles.Integer, CultureInfo.InvariantCulture) : RootsQuery.DefaultTop;
        return top > 0 ? new RootsQuery(type, top) : throw ViewLine.Invalid($"-roots {type} {top}: give a positive number of paths");
    }

    /// <summary>Before the table: no live instance is exit 1; a short name resolved to a full one is a note.</summary>
    public static void CheckFound(RootsQuery query, TargetReading reading, RunContext context)
    {
        RootsNotFound.ThrowIfEmpty(query, reading);
        Notes.WriteResolvedType(context.Error, "-roots", reading.ResolvedRoots);
    }

    /// <summary>After the table of one target: its paths.</summary>
    public static void Write(TargetReading reading, SizeUnit unit, RunContext context)
    {
        context.Out.WriteLine();
        RootPathRenderer.Write(context.Out, reading.Roots, unit);
    }
}

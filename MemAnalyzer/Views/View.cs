using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>
/// One view of a target, in one file (as SOS has one class per command and MAT one class per query): its switches with
/// their help, which of the view switches (<see cref="ViewCatalog.ViewSwitches"/>) it accepts, what it needs from a
/// target, and how it turns the command line into its request. Every view switch it does not accept is refused by one
/// rule, <see cref="RefuseOtherViews"/>: a new view edits no other view. How it reads one target, diffs two and what
/// tables it returns: <see cref="TableView{TOptions, TReading, TRow, TDiffRow}"/>.
/// </summary>
public abstract class View
{
    /// <summary>The rows a table shows on the console unless N is given.</summary>
    public const int DefaultTopN = 20;

    /// <summary>With -o the table is data for a chart, so it holds (nearly) every row unless N is given.</summary>
    public const int CsvDefaultTopN = 20_000;

    /// <summary>The selecting switch as the error lines name it: "-handles".</summary>
    public string Name => Switches[0].Name;

    /// <summary>Its switches in the order the help lists them: the selecting switch first, then its own settings.</summary>
    public abstract IReadOnlyList<ViewSwitch> Switches { get; }

    /// <summary>The refusal's first words: "-handles is a view of its own".</summary>
    protected virtual string OwnText => $"{Name} is a view of its own";

    /// <summary>The view switches of other views and of the type table that it takes (its own checks say how).</summary>
    protected virtual IReadOnlyList<string> Accepts => [];

    /// <summary>What it needs from a target beyond the objects' types, sizes and references; a .gcdump answers none of it.</summary>
    public abstract TargetNeeds Needs { get; }

    /// <summary>Whether its request walks GC roots, whose stack walk can crash the DAC (then it runs in the isolated child).</summary>
    public virtual bool ReadsRoots(CommandRequest request) => true;

    /// <summary>Whether its request takes the destination Cli makes of -o, -format and -html (their errors first); false: it names them in its own refusals.</summary>
    public virtual bool ReadsDestination => true;

    /// <summary>Whether several -f make a batch of it (each dump analyzed on its own in a child) rather than a refusal.</summary>
    public virtual bool EachDumpOfABatch => false;

    /// <summary>When a pattern in -f names folders (-sql over exports) rather than dumps: the files under such a folder that mark it (dump=*/objects.parquet); else null.</summary>
    public virtual string? FolderMark(Func<string, bool> has) => null;

    /// <summary>Whether -overwrite, given without -o, is the view's own (-export replaces an export); otherwise it needs -o.</summary>
    public virtual bool TakesOverwrite(Func<string, bool> has) => false;

    /// <summary>The request, once the command line passed the view's checks; or exit 1 with what to change.</summary>
    public abstract CommandRequest Build(ViewLine line);

    /// <summary>Reads the target (or the two of a diff) and renders the result to its destination.</summary>
    public abstract int Run(CommandRequest request, RunContext context);

    /// <summary>The JSON document's header of its request (a batch's parent writes it too).</summary>
    public virtual JsonReport Header(CommandRequest request) => throw new InvalidOperationException($"{Name} writes no JSON");

    /// <summary>
    /// The one refusal rule: every view switch given that the view does not accept is named, in the catalog's order:
    /// "-fragmentation is a view of its own (…): leave out -live, -gen".
    /// </summary>
    protected void RefuseOtherViews(ViewLine line)
    {
        var given = ViewCatalog.ViewSwitches.Where(s => Switches.All(own => own.Name != s) && !Accepts.Contains(s) && line.Has(s)).ToList();
        if (given.Count > 0)
        {
            throw ViewLine.Invalid($"{OwnText}: leave out {string.Join(", ", given)}");
        }
    }

    /// <summary>A view that reads one target or the two of a diff, never a batch of dumps.</summary>
    protected void RefuseBatch(ViewLine line)
    {
        if (line.Batch is not null)
        {
            throw ViewLine.Invalid($"{Name} reads one target (or the two of a diff): give one -f <dump>, not several");
        }
    }

    /// <summary>-showunchanged lists a diff's unchanged rows: it needs a second target.</summary>
    protected static void ShowUnchangedNeedsDiff(ViewLine line)
    {
        if (line.Has("-showunchanged") && line.Second is null)
        {
            throw ViewLine.Invalid("-showunchanged belongs to a diff: add -f2 <dump> or -pid2 <pid>, or leave it out");
        }
    }

    /// <summary>-showunchanged of the type table, given without a type diff.</summary>
    public static MemAnalyzerException ShowUnchangedListsTypes() =>
        ViewLine.Invalid("-showunchanged lists the unchanged types of a diff: give a second target with -f2 <dump> or -pid2 <pid>, without -dstrings");

    /// <summary>-live or -dead, which exclude each other (the type table's rule too); neither: all objects.</summary>
    public static ObjectSelection Selection(Func<string, bool> has) =>
        has("-live") && has("-dead") ? throw ViewLine.Invalid("-live and -dead exclude each other: use one of them")
        : has("-live") ? ObjectSelection.Live : has("-dead") ? ObjectSelection.Dead : ObjectSelection.All;

    /// <summary>--top N, a positive number of rows (the type table's rule too), or null.</summary>
    public static int? Top(Func<string, string?> value)
    {
        if (value("--top") is not { } text)
        {
            return null;
        }
        var top = int.Parse(text, System.Globalization.CultureInfo.InvariantCulture);
        return top > 0 ? top : throw ViewLine.Invalid($"--top {top} is not valid: give a positive number");
    }
}

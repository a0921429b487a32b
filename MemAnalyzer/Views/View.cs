using MemAnalyzer.Commands;
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

    /// <summary>Whether it walks GC roots, whose stack walk can crash the DAC (then it runs in the isolated child).</summary>
    public virtual bool ReadsRoots => true;

    /// <summary>The request, once the command line passed the view's checks; or exit 1 with what to change.</summary>
    public abstract CommandRequest Build(ViewLine line);

    /// <summary>Reads the target (or the two of a diff) and renders the result to its destination.</summary>
    public abstract int Run(CommandRequest request, RunContext context);

    /// <summary>
    /// The one refusal rule: every view switch given that the view does not accept is named, in the catalog's order:
    /// "-fragmentation is a view of its own (…): leave out -live, -gen".
    /// </summary>
    protected void RefuseOtherViews(ViewLine line)
    {
        var given = ViewCatalog.ViewSwitches.Where(s => s != Name && !Accepts.Contains(s) && line.Has(s)).ToList();
        if (given.Count > 0)
        {
            throw ViewLine.Invalid($"{OwnText}: leave out {string.Join(", ", given)}");
        }
    }

    /// <summary>A view that reads one target or the two of a diff, never a batch of dumps.</summary>
    protected void RefuseBatch(ViewLine line)
    {
        if (line.Batch)
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
}

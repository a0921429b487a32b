using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Heap;
using MemAnalyzer.Output;

namespace MemAnalyzer.Views;

/// <summary>
/// A view whose result is a table of rows, of one target or of a diff: it says how it reads one target while it is
/// open, which warnings the reading has, and the tables of one reading and of two; <see cref="ViewRunner"/> does the rest.
/// </summary>
/// <typeparam name="TOptions">The view's own settings (its thresholds), or <see cref="NoOptions"/>.</typeparam>
/// <typeparam name="TReading">What it reads of one target.</typeparam>
/// <typeparam name="TRow">A row of one target's table (CSV, JSON).</typeparam>
/// <typeparam name="TDiffRow">A row of a diff's table.</typeparam>
public abstract class TableView<TOptions, TReading, TRow, TDiffRow> : View
{
    /// <summary>Reads one target while it is open; <paramref name="diffSide"/> when it is one side of a diff.</summary>
    public abstract TReading Read(ViewRequest<TOptions> request, HeapSource source, RunContext context, bool diffSide, CancellationToken cancellation);

    /// <summary>What the reading has to warn about (printed with the notes).</summary>
    public abstract IReadOnlyList<string> Warnings(TReading reading);

    /// <summary>The JSON document's header: its mode, unit, selection.</summary>
    public abstract JsonReport Header(ViewRequest<TOptions> request);

    public sealed override JsonReport Header(CommandRequest request) => Header((ViewRequest<TOptions>)request);

    /// <summary>The heap whose damage fails the run (exit 6, <see cref="DamageGate"/>) after its table; null when the reading has none.</summary>
    public virtual HeapSnapshot? Damage(TReading reading) => null;

    /// <summary>The CSV columns of one target's rows, checked before any target is read.</summary>
    public abstract TableCsvSchema<TRow> Schema(ViewRequest<TOptions> request);

    public abstract ResultTable<TRow> Table(ViewRequest<TOptions> request, TReading reading, RunContext context);

    /// <summary>The CSV columns of a diff's rows.</summary>
    public abstract TableCsvSchema<TDiffRow> DiffSchema(ViewRequest<TOptions> request);

    public abstract ResultTable<TDiffRow> DiffTable(ViewRequest<TOptions> request, TReading first, TReading second, RunContext context);

    /// <summary>The heading of the -html page's table: "Inspections", from the view's switch unless it says otherwise.</summary>
    public virtual string PageHeading => char.ToUpperInvariant(Name[1]) + Name[2..];

    /// <summary>
    /// What the -html page of one target says above its table (the console's lines before the table: totals, what
    /// fixing saves) and below it (what the rows mean); nothing unless the view says.
    /// </summary>
    public virtual (IReadOnlyList<string> Lead, IReadOnlyList<string> Notes) Page(ViewRequest<TOptions> request, TReading reading) => ([], []);

    /// <summary>What the -html page of a diff says above and below its table (the diff console's lines before its table); nothing unless the view says.</summary>
    public virtual (IReadOnlyList<string> Lead, IReadOnlyList<string> Notes) DiffPage(ViewRequest<TOptions> request, TReading first, TReading second) => ([], []);

    public override int Run(CommandRequest request, RunContext context) => ViewRunner.Run(this, (ViewRequest<TOptions>)request, context);
}

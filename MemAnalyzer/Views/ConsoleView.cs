using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Heap;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>
/// A view of one target that prints on the console only (no CSV, JSON or page): how it reads a dump or a process while
/// it is open, how it reads a .gcdump when it <see cref="View.Needs"/> nothing a gcdump lacks, the heap whose warnings
/// and damage the run reports, and what it prints; <see cref="ViewRunner"/> does the rest.
/// </summary>
public abstract class ConsoleView<TOptions, TReading> : View
{
    public abstract TReading Read(ViewRequest<TOptions> request, HeapSource source, RunContext context, CancellationToken cancellation);

    /// <summary>The reading of a .gcdump (a view that needs nothing a gcdump lacks; any other is refused before).</summary>
    public virtual TReading ReadGcDump(ViewRequest<TOptions> request, TargetSpec target, CancellationToken cancellation) => throw GcDumpTarget.Refusal(Name, Needs);

    /// <summary>The heap read: its damage fails the run (<see cref="DamageGate"/>); null when the reading keeps none.</summary>
    public abstract HeapSnapshot? Heap(TReading reading);

    /// <summary>What the reading has to warn about (printed with the notes): the heap's warnings unless the view says otherwise.</summary>
    public virtual IReadOnlyList<string> Warnings(TReading reading) => Heap(reading)?.Warnings ?? [];

    /// <summary>The console output.</summary>
    public abstract void Write(ViewRequest<TOptions> request, TReading reading, RunContext context);

    /// <summary>The view's own notes, after the heap's warnings.</summary>
    public virtual void Notes(ViewRequest<TOptions> request, TReading reading, RunContext context)
    {
    }

    public override int Run(CommandRequest request, RunContext context) => ViewRunner.Run(this, (ViewRequest<TOptions>)request, context);
}

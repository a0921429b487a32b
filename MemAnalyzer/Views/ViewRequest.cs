using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>
/// A view's request: the view that runs it, one target or the two of a diff, the unit, the destination, whether a
/// diff lists the unchanged rows too, and the view's own options.
/// </summary>
public sealed record ViewRequest<TOptions>(View View, TargetSpec Target, TargetSpec? Second, SizeUnit Unit, ReportDestination Output, bool ShowUnchanged,
    TOptions Options) : RunnableRequest
{
    public override IReadOnlyList<TargetSpec> Targets => Second is null ? [Target] : [Target, Second];

    public override bool ReadsRoots => View.ReadsRoots(this);

    public override ReportDestination Destination => Output;

    public override JsonReport JsonHeader() => View.Header(this);

    public override int Run(RunContext context) => View.Run(this, context);
}

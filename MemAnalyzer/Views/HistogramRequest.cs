using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>The type table of one target (-f or -pid), as the original printed it (<see cref="TypeTableView"/>).</summary>
public sealed record HistogramRequest(TargetSpec Target, TypeTableQuery Query, ReportDestination Output) : RunnableRequest
{
    public override IReadOnlyList<TargetSpec> Targets => [Target];

    public override bool ReadsRoots => Query.ReadsRoots;

    public override ReportDestination Destination => Output;

    public ReadingOptions Reading => ReadingOptions.Of(Query);

    public override JsonReport JsonHeader() => TypeTableRun.Header(JsonReportMode.Types, Query, Targets);

    public override int Run(RunContext context) => TypeTableRun.Run(this, context);
}

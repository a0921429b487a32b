using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>The diff of two targets (-f/-pid with -f2/-pid2): second minus first, per type name (<see cref="TypeTableView"/>).</summary>
/// <param name="ShowUnchanged">-showunchanged: also list the types whose bytes and instances did not change.</param>
public sealed record DiffRequest(TargetSpec First, TargetSpec Second, TypeTableQuery Query, ReportDestination Output, bool ShowUnchanged = false) : RunnableRequest
{
    /// <summary>Without -roots, a diff with -retained shows the top root path of this many types that grew most in retained bytes.</summary>
    public const int GrowersWithPaths = 3;

    public override IReadOnlyList<TargetSpec> Targets => [First, Second];

    public override bool ReadsRoots => Query.ReadsRoots;

    public override ReportDestination Destination => Output;

    public ReadingOptions Reading => ReadingOptions.Of(Query);

    public override JsonReport JsonHeader() => TypeTableRun.Header(JsonReportMode.Diff, Query, Targets);

    public override int Run(RunContext context) => TypeDiffRun.Run(this, context);
}

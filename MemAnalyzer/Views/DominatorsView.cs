using System.Globalization;
using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Heap;
using MemAnalyzer.Suspects;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>-dominators [N] [depth]: the objects that retain most and what they dominate, on the console; with -type, that type's instances. A .gcdump answers it from its graph.</summary>
public sealed class DominatorsView : ConsoleView<(int Count, int Depth, TypeFilter? Types), SuspectsReading<(long Live, IReadOnlyList<DominatorLine> Lines)>>
{
    public override IReadOnlyList<ViewSwitch> Switches { get; } =
    [
        ViewSwitch.Optional("-dominators|--dominators[:<N>]", "The N (default 10) top-level objects retaining most, each with the N children it dominates that retain most, to a depth: -dominators [N] [depth] (default 1). With -type: that type's instances.")
            with { SecondNumber = "--dominators-depth" },
        ViewSwitch.Single("--dominators-depth <DEPTH>", ""),
    ];

    protected override string OwnText => "-suspects and -dominators are views of their own (on the live heap, with retained bytes)";

    // -type selects the instances; -live is what it reads anyway; -suspects and -suspectpct have their own lines below.
    protected override IReadOnlyList<string> Accepts { get; } = ["-live", "-type", "-suspects", "-suspectpct"];

    public override TargetNeeds Needs => TargetNeeds.None;

    public override CommandRequest Build(ViewLine line)
    {
        if (line.Batch is not null)
        {
            throw ViewLine.Invalid("-suspects and -dominators read one target (or, -suspects, the two of a diff): give one -f <dump>, not several");
        }
        var unit = line.Unit();
        RefuseOtherViews(line);
        if (line.Has("-suspects"))
        {
            throw ViewLine.Invalid("-suspects and -dominators are two views: run them as two commands");
        }
        if (!line.Has(Name))
        {
            throw ViewLine.Invalid(line.Has("-suspectpct") ? "-suspectpct is the threshold of -suspects: add -suspects" : "a depth belongs to -dominators: -dominators [N] [depth]");
        }
        if (line.Has("-suspectpct"))
        {
            throw ViewLine.Invalid("-suspectpct is the threshold of -suspects, not of -dominators: leave it out");
        }
        if (line.Second is not null)
        {
            throw ViewLine.Invalid("-dominators shows one target's dominator tree: leave out -f2/-pid2 (-suspects with -f2 lists what grew)");
        }
        if (line.Output.WritesRows || line.Output.Html is not null)
        {
            throw ViewLine.Invalid("-dominators prints its tree on the console: leave out -o, -format json and -html (-suspects -html draws the dominator tree as a treemap)");
        }
        var top = line.Value(Name) is not { } text ? DominatorView.DefaultCount
            : int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n > 0 ? n
            : throw ViewLine.Invalid($"-dominators {text}: give a positive whole number");
        var depth = line.Value("--dominators-depth") is not { } d ? DominatorView.DefaultDepth
            : int.TryParse(d, NumberStyles.None, CultureInfo.InvariantCulture, out var value) ? value
            : throw ViewLine.Invalid($"-dominators {top} {d}: the depth is a whole number, 0 or more");
        var types = line.Value("-type") is { } pattern ? new TypeFilter(pattern) : null;
        return new ViewRequest<(int, int, TypeFilter?)>(this, line.First, null, unit, line.Output, ShowUnchanged: false, (top, depth, types));
    }

    public override SuspectsReading<(long Live, IReadOnlyList<DominatorLine> Lines)> Read(ViewRequest<(int Count, int Depth, TypeFilter? Types)> request,
        HeapSource source, RunContext context, CancellationToken cancellation) =>
        SuspectsReading<(long Live, IReadOnlyList<DominatorLine> Lines)>.Read(source, context.Walk, needsPaths: false, cancellation, context.Progress(writingCsv: false),
            tree => Lines(request.Options, tree));

    public override SuspectsReading<(long Live, IReadOnlyList<DominatorLine> Lines)> ReadGcDump(ViewRequest<(int Count, int Depth, TypeFilter? Types)> request,
        TargetSpec target, CancellationToken cancellation)
    {
        var (snapshot, tree) = GcDumpReading.Tree<object>(target, needsPaths: false, cancellation);
        return new(snapshot, Lines(request.Options, tree));
    }

    private static (long Live, IReadOnlyList<DominatorLine> Lines) Lines<T>((int Count, int Depth, TypeFilter? Types) options, SuspectsReading<T>.Tree tree) =>
        (tree.Dominators.ReachableBytes, DominatorView.Lines(tree.Graph, tree.Dominators, tree.Children, options.Count, options.Depth, options.Types is null ? null : options.Types.Matches));

    public override HeapSnapshot Heap(SuspectsReading<(long Live, IReadOnlyList<DominatorLine> Lines)> reading) => reading.Snapshot;

    public override void Write(ViewRequest<(int Count, int Depth, TypeFilter? Types)> request, SuspectsReading<(long Live, IReadOnlyList<DominatorLine> Lines)> reading,
        RunContext context) =>
        DominatorRenderer.Write(context.Out, reading.Result.Lines, reading.Result.Live, request.Options.Types, request.Unit);

    public override void Notes(ViewRequest<(int Count, int Depth, TypeFilter? Types)> request, SuspectsReading<(long Live, IReadOnlyList<DominatorLine> Lines)> reading,
        RunContext context)
    {
        Commands.Notes.WarnIfPartial(context.Error, reading.Snapshot, "dominators");
        Commands.Notes.WarnIfNoTypeMatches(context.Error, request.Options.Types, reading.Snapshot.Types.Select(t => t.TypeName));
    }
}

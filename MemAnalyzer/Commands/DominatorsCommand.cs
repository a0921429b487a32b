using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using MemAnalyzer.Suspects;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>-dominators [N] [depth]: the objects that retain most and what they dominate; with -type, that type's instances.</summary>
public sealed record DominatorsRequest(TargetSpec Target, int Count, int Depth, TypeFilter? Types, SizeUnit Unit) : CommandRequest
{
    public override IReadOnlyList<TargetSpec> Targets => [Target];

    public override bool ReadsRoots => true;
}

public static class DominatorsCommand
{
    public static int Run(DominatorsRequest request, RunContext context)
    {
        var (reading, report) = SnapshotReader.Read(request.Target, context.Dac,
            (source, token) => SuspectsReading<(long Live, IReadOnlyList<DominatorLine> Lines)>.Read(source, context.Walk, needsPaths: false, token, context.Progress(writingCsv: false),
                tree => (tree.Dominators.ReachableBytes, DominatorView.Lines(tree.Graph, tree.Dominators, tree.Children, request.Count, request.Depth,
                    request.Types is null ? null : request.Types.Matches))),
            context.Cancellation);
        DominatorRenderer.Write(context.Out, reading.Result.Lines, reading.Result.Live, request.Types, request.Unit);
        Notes.Write(context.Error, reading.Snapshot.Warnings, report, context.Silent);
        Notes.WarnIfPartial(context.Error, reading.Snapshot, "dominators");
        Notes.WarnIfNoTypeMatches(context.Error, request.Types, reading.Snapshot.Types.Select(t => t.TypeName));
        DamageGate.ThrowIfTooMuch(reading.Snapshot, context);
        return ExitCodes.Success;
    }
}

using MemAnalyzer.Objects;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>-objects &lt;type|address&gt; [N] on one target (-f or -pid).</summary>
public sealed record ObjectsRequest(TargetSpec Target, ObjectsQuery Query) : CommandRequest
{
    public override IReadOnlyList<TargetSpec> Targets => [Target];

    /// <summary>Retained bytes come from the live graph, whose roots include the threads' stacks.</summary>
    public override bool ReadsRoots => true;
}

public static class ObjectsCommand
{
    public static int Run(ObjectsRequest request, RunContext context)
    {
        var progress = context.Progress(writingCsv: false);
        var (result, report) = SnapshotReader.Read(request.Target, context.Dac,
            (source, token) => ObjectsReader.Read(source, request.Query, context.Walk, token, progress), context.Cancellation);
        if (result.Objects.Count == 0)
        {
            RootsNotFound.Throw(result.Type ?? request.Query.Type!, result.DeadMatches, result.TypeNames,
                "-objects shows live objects; run with -gc on a live process, or count them with -dead -type <name>");
        }
        Notes.WriteResolvedType(context.Error, "-objects", result.Type);
        ObjectsRenderer.Write(context.Out, request.Query, result);
        Notes.Write(context.Error, result.Warnings, report, context.Silent);
        return ExitCodes.Success;
    }
}

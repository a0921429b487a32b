using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>
/// The modes that read a .gcdump (-f x.gcdump, or one side of a diff): the type table and the diff, over the live
/// objects the file holds. What needs the heap's memory, its dead objects or its generations is refused with exit 1.
/// </summary>
public static class GcDumpCommand
{
    /// <summary>True when the request reads a gcdump, so that this command answers it instead of the dump's.</summary>
    public static bool Reads(CommandRequest request) => request.Targets.Any(GcDumpTarget.Is);

    public static int Run(CommandRequest request, RunContext context) => request switch
    {
        HistogramRequest histogram => RunHistogram(histogram with { Query = LiveOnly(histogram.Query, graphViews: true) }, context),
        DiffRequest diff => GcDumpDiffCommand.Run(diff with { Query = LiveOnly(diff.Query, graphViews: false) }, context),
        _ => throw GcDumpTarget.Refusal("this view", TargetNeeds.HeapLayout),
    };

    /// <summary>The request as this command reads it (the table and the diff count live objects), for the JSON header a batch's parent writes; unchanged when it reads no gcdump.</summary>
    public static CommandRequest AsRead(CommandRequest request) => !Reads(request) ? request : request switch
    {
        HistogramRequest { Query.Selection: ObjectSelection.All } h => h with { Query = h.Query with { Selection = ObjectSelection.Live } },
        DiffRequest { Query.Selection: ObjectSelection.All } d => d with { Query = d.Query with { Selection = ObjectSelection.Live } },
        _ => request,
    };

    /// <summary>A gcdump holds the objects a full GC left alive: the table counts them (-live), and -dead, -gen or -vmmap cannot be answered.</summary>
    /// <param name="graphViews">Whether -retained and -roots are read from the gcdump's graph (the type table of one gcdump; not a diff yet).</param>
    public static TypeTableQuery LiveOnly(TypeTableQuery query, bool graphViews)
    {
        if (query.Selection == ObjectSelection.Dead)
        {
            throw Refused("-dead", "dead objects (dotnet-gcdump records only what a full GC left alive)");
        }
        if (query.Generation is not null)
        {
            throw Refused("-gen", "generations");
        }
        if (query.MemoryMap)
        {
            throw Refused("-vmmap", "memory map");
        }
        if (!graphViews && (query.Retained || query.Roots is not null))
        {
            throw new MemAnalyzerException(ExitCodes.InvalidArguments, "-retained, -dtr and -roots do not diff .gcdump files yet: run them on each gcdump alone, or diff core dumps");
        }
        return query with { Selection = ObjectSelection.Live };
    }

    private static MemAnalyzerException Refused(string option, string what) => GcDumpTarget.Refusal(option, what);

    private static int RunHistogram(HistogramRequest request, RunContext context)
    {
        var (query, output) = (request.Query, request.Output);
        var schema = new TypeCsvRowMap(query.Unit, query.Retained);
        output.Validate(schema);
        if (output.Html is not null)
        {
            throw new MemAnalyzerException(ExitCodes.InvalidArguments, "-html does not read a .gcdump yet: use the table, -csv or -json");
        }
        var described = output.Describe(request.Target);
        if (output.Csv is { } csv)
        {
            TrackingCsvFile.EnsureAppendKeepsOneSelection(csv, described!.ProcessId, SelectionText.Of(query.Selection, query.Generation));
        }
        var reading = GcDumpTarget.Read(request.Target, query, context.Cancellation);
        var target = reading.Target;
        TypeTableOutput.Write(request, context, schema, reading, described);
        foreach (var warning in target.Warnings)
        {
            context.Error.WriteLine($"warning: {warning}");
        }
        Notes.WarnIfNoTypeMatches(context.Error, query.Types, target.Heap.Types.Select(t => t.TypeName));
        output.WriteResult(target.ResultBytes / 1024);
        return ExitCodes.Success;
    }
}

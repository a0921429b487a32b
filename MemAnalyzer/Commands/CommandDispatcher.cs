namespace MemAnalyzer.Commands;

/// <summary>Runs a request with the command of its mode.</summary>
public static class CommandDispatcher
{
    public static int Run(CommandRequest request, RunContext context) => request switch
    {
        HistogramRequest histogram => HistogramCommand.Run(histogram, context),
        DiffRequest diff => DiffCommand.Run(diff, context),
        DuplicateStringsRequest strings => DuplicateStringsCommand.Run(strings, context),
        TrendRequest trend => TrendCommand.Run(trend, context),
        CaptureRequest capture => CaptureCommand.Run(capture, context),
        ForceGcRequest gc => ForceGcCommand.Run(gc, context),
        SuspectsRequest suspects => SuspectsCommand.Run(suspects, context),
        DominatorsRequest dominators => DominatorsCommand.Run(dominators, context),
        ProcessListRequest list => ProcessListCommand.Run(list, context),
        HandlesRequest handles => HandlesCommand.Run(handles, context),
        FinalizableRequest finalizable => FinalizableCommand.Run(finalizable, context),
        ObjectsRequest objects => ObjectsCommand.Run(objects, context),
        FragmentationRequest fragmentation => FragmentationCommand.Run(fragmentation, context),
        InspectionsRequest inspections => InspectionsCommand.Run(inspections, context),
        _ => throw new InvalidOperationException($"no command runs {request.GetType().Name}"),
    };
}

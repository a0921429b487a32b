namespace MemAnalyzer.Commands;

/// <summary>Runs a request with the command of its mode; a view's request runs itself (Views/).</summary>
public static class CommandDispatcher
{
    public static int Run(CommandRequest request, RunContext context) => request switch
    {
        RunnableRequest runnable => runnable.Run(context),
        TrendRequest trend => TrendCommand.Run(trend, context),
        CaptureRequest capture => CaptureCommand.Run(capture, context),
        ForceGcRequest gc => ForceGcCommand.Run(gc, context),
        ProcessListRequest list => ProcessListCommand.Run(list, context),
        _ => throw new InvalidOperationException($"no command runs {request.GetType().Name}"),
    };
}

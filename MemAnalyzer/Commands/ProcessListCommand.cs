using MemAnalyzer.Capture;
using MemAnalyzer.Output;

namespace MemAnalyzer.Commands;

/// <summary>-ps: the .NET processes this user can analyze.</summary>
public sealed record ProcessListRequest : CommandRequest;

public static class ProcessListCommand
{
    public static int Run(ProcessListRequest request, RunContext context)
    {
        _ = request;
        var processes = DotNetProcesses.Analyzable();
        ProcessListRenderer.Write(context.Out, processes, context.OutputWidth);
        if (processes.Count == 0 && !context.Silent)
        {
            context.Error.WriteLine("note: no .NET process that this user can analyze is running (other users' processes need root, or the process's own user)");
        }
        return ExitCodes.Success;
    }
}

using MemAnalyzer.Capture;
using MemAnalyzer.Linux;
using MemAnalyzer.Targets;
using Microsoft.Diagnostics.NETCore.Client;

namespace MemAnalyzer.Commands;

/// <summary>-gc: a forced, awaited full GC in live processes, then <paramref name="Then"/> (an analysis or -trend) if one was asked for.</summary>
/// <param name="Target">A pid, or text that the command lines of the processes contain.</param>
/// <param name="ProcessFilter">-process: only processes with this name.</param>
public sealed record ForceGcRequest(string Target, string? ProcessFilter, bool WaitForFinalizers, CommandRequest? Then) : CommandRequest
{
    public override IReadOnlyList<TargetSpec> Targets => Then?.Targets ?? [];

    public override bool ReadsRoots => Then?.ReadsRoots ?? false;
}

public static class ForceGcCommand
{
    private static readonly TimeSpan s_timeout = TimeSpan.FromSeconds(60);

    public static int Run(ForceGcRequest request, RunContext context)
    {
        var processes = DotNetProcesses.Find(request.Target, request.ProcessFilter);
        if (processes.Count == 0)
        {
            throw new MemAnalyzerException(ExitCodes.NoMatchingProcess,
                request.Target.Length == 0
                    ? $"no running .NET process is named '{request.ProcessFilter}': check the name with ps, or give the pid"
                    : $"no running .NET process matches '{request.Target}'{(request.ProcessFilter is null ? "" : $" named '{request.ProcessFilter}'")}: check it with ps, or give the pid");
        }
        foreach (var process in processes)
        {
            Collect(process, request.WaitForFinalizers, several: processes.Count > 1, context);
        }
        return request.Then is null ? ExitCodes.Success : CommandDispatcher.Run(request.Then, context);
    }

    private static void Collect(TargetProcessInfo process, bool waitForFinalizers, bool several, RunContext context)
    {
        if (!DotNetProcesses.IsDotNet(process.Pid))
        {
            throw new MemAnalyzerException(ExitCodes.NotDotNet, $"process {process.Pid} ({ProcessMatch.AppName(process)}) has no .NET diagnostics socket: it is not a .NET process, or runs with DOTNET_EnableDiagnostics=0");
        }
        try
        {
            var gc = GcTrigger.Collect(process.Pid, waitForFinalizers, s_timeout, context.Cancellation);
            if (!context.Silent)
            {
                var finalizers = gc.Collections > 1 ? $", the finalizer thread got {GcTrigger.FinalizerTime.TotalSeconds:F0} s, then a second full GC collected what it released" : "";
                context.Error.WriteLine($"note: process {process.Pid} ({ProcessMatch.AppName(process)}): full blocking GC ended after {gc.Took.TotalMilliseconds:F0} ms{finalizers}");
            }
        }
        catch (TimeoutException e)
        {
            throw new MemAnalyzerException(ExitCodes.GcTimedOut, $"{e.Message}: the process may be hung or suspended");
        }
        catch (UnauthorizedAccessException)
        {
            throw new MemAnalyzerException(ExitCodes.AttachDenied, $"the diagnostics socket of process {process.Pid} may not be opened by MemAnalyzer (uid {ProcessAccess.EffectiveUid()}; the process runs as uid {ProcessAccess.OwnerUid(process.Pid)?.ToString(System.Globalization.CultureInfo.InvariantCulture) ?? "unknown"}): run MemAnalyzer as that user or as root");
        }
        catch (ServerNotAvailableException) when (several)
        {
            // A process found by its command line can be starting or exiting; the others are still collected.
            context.Error.WriteLine($"warning: process {process.Pid} ({ProcessMatch.AppName(process)}) did not answer on its diagnostics socket (starting or exiting?) and was not collected");
        }
        catch (ServerNotAvailableException e)
        {
            throw new MemAnalyzerException(ExitCodes.NotDotNet, $"process {process.Pid} ({ProcessMatch.AppName(process)}) did not answer on its diagnostics socket ({e.Message}): it is starting or exiting, or is not a .NET process");
        }
    }
}

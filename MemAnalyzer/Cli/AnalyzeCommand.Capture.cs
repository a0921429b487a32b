using System.Globalization;
using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Capture;

namespace MemAnalyzer.Cli;

/// <summary>-procdump (dumps with their side-cars) and -gc (a forced, awaited full GC in live processes).</summary>
public sealed partial class AnalyzeCommand
{
    /// <summary>Everything after -procdump on the command line; set by the runner, since it belongs to the dump writer.</summary>
    internal IReadOnlyList<string>? ProcDumpArguments { get; set; }

    [Option("-gc|--gc[:<TARGET>]", "Force a full GC and wait for its end: in the pid TARGET, or every .NET process whose command line contains TARGET; alone, in the -pid target.", CommandOptionType.SingleOrNoValue)]
    public (bool HasValue, string? Value) ForceGc { get; set; }

    [Option("-process|--process <NAME>", "With -gc: only processes with this name.", CommandOptionType.SingleValue)]
    public string? ProcessFilter { get; set; }

    [Option("-gcfinalizers|--gc-wait-finalizers", "With -gc: after the GC, wait for the finalizers to run, then collect again.", CommandOptionType.NoValue)]
    public bool GcWaitForFinalizers { get; set; }

    private int RunCapture(IConsole console)
    {
        ProcDumpRequest request;
        try
        {
            request = Capture.ProcDumpArguments.Parse(ProcDumpArguments!);
        }
        catch (FormatException e)
        {
            throw Invalid($"-procdump: {e.Message}");
        }
        var dumps = DumpCapture.Capture(request, console.Out, Cancellation);
        foreach (var dump in dumps)
        {
            console.Out.WriteLine($"Dump written by {dump.Writer}: {dump.Path} ({dump.Bytes / (1024.0 * 1024):F1} MB), with {Path.GetFileName(dump.Path)}{DumpSideCar.SmapsSuffix} and {Path.GetFileName(dump.Path)}{DumpSideCar.MetadataSuffix}");
            if (dump.Warning is not null)
            {
                console.Error.WriteLine($"warning: {dump.Warning}");
            }
        }
        return ExitCodes.Success;
    }

    /// <returns>True when -gc was the whole job (no analysis target).</returns>
    private bool RunForcedGc(IConsole console)
    {
        var target = ForceGc.Value ?? ProcessId?.ToString(CultureInfo.InvariantCulture)
            ?? throw Invalid("-gc needs a process: -gc <pid or command-line text>, or -pid <pid>");
        var processes = DotNetProcesses.Find(target, ProcessFilter);
        if (processes.Count == 0)
        {
            throw new MemAnalyzerException(ExitCodes.NoMatchingProcess,
                $"no running .NET process matches '{target}'{(ProcessFilter is null ? "" : $" named '{ProcessFilter}'")}: check it with ps, or give the pid");
        }
        foreach (var process in processes)
        {
            if (!DotNetProcesses.IsDotNet(process.Pid))
            {
                throw new MemAnalyzerException(ExitCodes.NotDotNet, $"process {process.Pid} ({process.Name}) has no .NET diagnostics socket: it is not a .NET process, or runs with DOTNET_EnableDiagnostics=0");
            }
            try
            {
                var gc = GcTrigger.Collect(process.Pid, GcWaitForFinalizers, TimeSpan.FromSeconds(60), Cancellation);
                var finalizers = gc.FinalizersFinished switch
                {
                    true => ", then its finalizers ran and a second GC collected what they released",
                    false => ", its finalizers did not finish within 2 s (a blocked finalizer thread?), a second GC ran anyway",
                    null => "",
                };
                console.Error.WriteLine($"note: process {process.Pid} ({process.Name}): full blocking GC #{gc.GcNumber} ended after {gc.Took.TotalMilliseconds:F0} ms{finalizers}");
            }
            catch (TimeoutException e)
            {
                throw new MemAnalyzerException(ExitCodes.GcTimedOut, $"{e.Message}: the process may be hung or suspended");
            }
            catch (UnauthorizedAccessException)
            {
                throw new MemAnalyzerException(ExitCodes.AttachDenied, $"process {process.Pid} belongs to another user: run MemAnalyzer as that user or as root");
            }
            catch (Microsoft.Diagnostics.NETCore.Client.ServerNotAvailableException) when (processes.Count > 1)
            {
                // A process found by its command line can be starting or exiting; the others are still collected.
                console.Error.WriteLine($"warning: process {process.Pid} ({process.Name}) did not answer on its diagnostics socket (starting or exiting?) and was not collected");
            }
            catch (Microsoft.Diagnostics.NETCore.Client.ServerNotAvailableException e)
            {
                throw new MemAnalyzerException(ExitCodes.NotDotNet, $"process {process.Pid} ({process.Name}) did not answer on its diagnostics socket ({e.Message}): it is starting or exiting, or is not a .NET process");
            }
        }
        return DumpFile is null && ProcessId is null && TrendFile is null;
    }
}

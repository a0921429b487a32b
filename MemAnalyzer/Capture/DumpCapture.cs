using System.Diagnostics;
using MemAnalyzer.Linux;
using Microsoft.Diagnostics.NETCore.Client;

namespace MemAnalyzer.Capture;

/// <summary>One dump written, with its side-car.</summary>
/// <param name="Kind">What the dump holds.</param>
/// <param name="Warnings">Each thing that went wrong around a dump that was written (the memory map not saved, ProcDump's exit code).</param>
/// <param name="Note">Why the writer or the kind differs from what was asked for, or null.</param>
public sealed record CapturedDump(string Path, long Bytes, string Writer, DumpKind Kind, IReadOnlyList<string> Warnings, string? Note = null);

/// <summary>
/// Writes dumps through ProcDump for Linux when it is on PATH (for a .NET target it has the runtime write a full dump;
/// other processes go through gdb's gcore), else natively through the
/// target runtime (DiagnosticsClient.WriteDump, the same createdump that dotnet-dump uses). Each dump gets its side-car.
/// ProcDump 1.2 writes only full dumps, so the original's -mp (a heap dump) of a .NET process goes to the runtime even
/// when ProcDump is installed; the native writer names a ProcDump -o prefix's dump as ProcDump does (prefix_0.pid).
/// </summary>
public static class DumpCapture
{
    public static IReadOnlyList<CapturedDump> Capture(ProcDumpRequest request, TextWriter progress, CancellationToken cancellation)
    {
        var process = Resolve(request);
        var now = DateTime.Now;
        var procdump = FindOnPath("procdump");
        if (procdump is null && request.NeedsProcDump)
        {
            throw new MemAnalyzerException(ExitCodes.InvalidArguments, "triggers and -n/-s need ProcDump for Linux, which is not on PATH: install it (apt-get install procdump) or leave them out");
        }
        var (target, prefix) = OutputPath(request, process, now);
        var dotNet = DotNetProcesses.IsDotNet(process.Pid);
        if (dotNet)
        {
            TargetUserDirectory.ThrowIfNotWritable(process, Path.GetDirectoryName(Path.GetFullPath(target ?? prefix))!);
        }
        var heapDumpOfDotNet = procdump is not null && request.HeapDumpAsked && dotNet;
        if (procdump is null || heapDumpOfDotNet)
        {
            var native = WriteNatively(process, target ?? ProcDumpName(prefix, process.Pid), request.Full);
            return [heapDumpOfDotNet ? native with { Note = "-mp asks for a heap dump, which ProcDump for Linux 1.2 cannot write; the runtime wrote it" } : native];
        }
        var dumps = RunProcDump(procdump, request, process, target, prefix, progress, cancellation);
        return request.HeapDumpAsked
            ? [.. dumps.Select(d => d with { Note = $"-mp asks for a heap dump, but process {process.Pid} has no .NET diagnostics socket: ProcDump wrote a full dump" })]
            : dumps;
    }

    /// <summary>ProcDump for Linux's name for the first dump written with an -o prefix: "&lt;prefix&gt;_0.&lt;pid&gt;".</summary>
    private static string ProcDumpName(string prefix, int pid) => $"{prefix}_0.{pid.ToString(System.Globalization.CultureInfo.InvariantCulture)}";

    private static TargetProcessInfo Resolve(ProcDumpRequest request)
    {
        if (request.Pid is int pid)
        {
            return DotNetProcesses.Describe(pid) ?? throw new MemAnalyzerException(ExitCodes.ProcessNotFound, $"no process with id {pid} is running: check the pid");
        }
        var matches = ProcFs.ProcessIds().Where(p => p != Environment.ProcessId).Select(DotNetProcesses.Describe).OfType<TargetProcessInfo>()
            .Where(p => ProcessMatch.Names(p, request.ProcessName!) && !ProcessMatch.IsMemAnalyzer(p))
            .ToList();
        return ProcessMatch.Single(request.ProcessName!, matches, "process");
    }

    /// <returns>The exact file the user asked for (or null), and the prefix to write with.</returns>
    private static (string? File, string Prefix) OutputPath(ProcDumpRequest request, TargetProcessInfo process, DateTime now)
    {
        var output = request.Output is null ? null : DumpNamePattern.Expand(request.Output, process, now);
        string? file = null;
        string prefix;
        if (output is null || Directory.Exists(output) || output.EndsWith('/'))
        {
            file = Path.Combine(output ?? Environment.CurrentDirectory, DumpNamePattern.Expand(DumpNamePattern.DefaultName, process, now));
            prefix = file[..^4];
        }
        else if (request.OutputIsPrefix)
        {
            prefix = Path.GetFullPath(output);
        }
        else
        {
            file = Path.GetFullPath(output);
            prefix = file;
        }
        var directory = Path.GetDirectoryName(Path.GetFullPath(file ?? prefix))!;
        if (!Directory.Exists(directory))
        {
            throw new MemAnalyzerException(ExitCodes.OutputDirectoryMissing, $"the dump directory {directory} does not exist: create it first");
        }
        if (!WritableDirectory.CanCreateIn(directory))
        {
            throw new MemAnalyzerException(ExitCodes.OutputNotWritable, $"the dump directory {directory} is not writable: choose another one");
        }
        return (file, prefix);
    }

    private static CapturedDump WriteNatively(TargetProcessInfo process, string path, bool full)
    {
        if (!DotNetProcesses.IsDotNet(process.Pid))
        {
            throw new MemAnalyzerException(ExitCodes.NotDotNet,
                $"process {process.Pid} ({process.Name}) has no .NET diagnostics socket: it is not a .NET process, or runs with DOTNET_EnableDiagnostics=0; install procdump (apt-get install procdump) to dump it with gdb");
        }
        var type = full ? DumpType.Full : DumpType.WithHeap;
        // The memory map first: writing the dump reads every page and so raises the process's resident memory.
        var smaps = DumpSideCar.CopySmaps(process.Pid, DumpSideCar.StagingPath(path));
        var started = DateTimeOffset.Now;
        try
        {
            new DiagnosticsClient(process.Pid).WriteDump(type, path, logDumpGeneration: false);
        }
        catch (Exception e) when (e is ServerErrorException or UnauthorizedAccessException or IOException or TimeoutException or ServerNotAvailableException)
        {
            File.Delete(path);
            DeleteStaged(smaps);
            throw new MemAnalyzerException(ExitCodes.CaptureFailed, $"the runtime of process {process.Pid} could not write a dump to {path}: {e.Message}");
        }
        if (!File.Exists(path) || new FileInfo(path).Length == 0)
        {
            File.Delete(path);
            DeleteStaged(smaps);
            throw new MemAnalyzerException(ExitCodes.CaptureFailed, $"the runtime of process {process.Pid} reported a dump but wrote nothing to {path}");
        }
        var warning = DumpSideCar.Write(path, process, "MemAnalyzer (createdump via DiagnosticsClient.WriteDump)", type.ToString(), started, smaps);
        return new CapturedDump(path, new FileInfo(path).Length, "createdump", full ? DumpKind.Full : DumpKind.Heap, warning is null ? [] : [warning]);
    }

    private static List<CapturedDump> RunProcDump(string procdump, ProcDumpRequest request, TargetProcessInfo process, string? file, string prefix, TextWriter progress, CancellationToken cancellation)
    {
        var info = new ProcessStartInfo(procdump) { UseShellExecute = false, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var arg in ProcDumpArguments.ForProcDump(request, process.Pid, prefix))
        {
            info.ArgumentList.Add(arg);
        }
        var dumps = new List<CapturedDump>();
        // An immediate dump gets the memory map from before it is written; a triggered one from the moment it appears.
        var smaps = request.NeedsProcDump ? null : DumpSideCar.CopySmaps(process.Pid, DumpSideCar.StagingPath(prefix));
        var started = DateTimeOffset.Now;
        using var run = Process.Start(info)!;
        using var stop = cancellation.Register(() => { try { run.Kill(entireProcessTree: true); } catch (InvalidOperationException) { } });
        var errors = run.StandardError.ReadToEndAsync(CancellationToken.None);
        string? line;
        while ((line = run.StandardOutput.ReadLine()) is not null)
        {
            progress.WriteLine($"procdump: {line}");
            progress.Flush();
            if (ProcDumpArguments.GeneratedDump(line) is not string written || !File.Exists(written))
            {
                continue;
            }
            // The side-car right away, while the process is as the dump saw it.
            var path = file is not null && request.NeedsProcDump is false && dumps.Count == 0 ? Rename(written, file) : written;
            var warning = DumpSideCar.Write(path, process, "ProcDump for Linux", "Full", smaps is null ? DateTimeOffset.Now : started, dumps.Count == 0 ? smaps : null);
            dumps.Add(new CapturedDump(path, new FileInfo(path).Length, "procdump", DumpKind.Full, warning is null ? [] : [warning]));
        }
        run.WaitForExit();
        if (dumps.Count == 0)
        {
            DeleteStaged(smaps);
        }
        cancellation.ThrowIfCancellationRequested();
        if (dumps.Count == 0)
        {
            var reason = errors.Result.Trim();
            throw new MemAnalyzerException(ExitCodes.CaptureFailed,
                $"procdump exited with {run.ExitCode} and wrote no dump{(reason.Length > 0 ? $": {reason.ReplaceLineEndings(" ")}" : "")}");
        }
        if (run.ExitCode != 0)
        {
            // ProcDump 1.2 can report an internal error after a triggered dump; the dumps it announced are complete.
            // Added to, not in place of, what went wrong before (a memory map that could not be saved).
            dumps[^1] = dumps[^1] with { Warnings = [.. dumps[^1].Warnings, $"procdump exited with {run.ExitCode} after it wrote {dumps.Count} dump(s); they are complete"] };
        }
        return dumps;
    }

    private static void DeleteStaged(SmapsCopy? smaps)
    {
        if (smaps?.StagedPath is string staged)
        {
            File.Delete(staged);
        }
    }

    private static string Rename(string written, string wanted)
    {
        File.Move(written, wanted, overwrite: true);
        return wanted;
    }

    private static string? FindOnPath(string program) =>
        (Environment.GetEnvironmentVariable("PATH") ?? "").Split(':', StringSplitOptions.RemoveEmptyEntries)
            .Select(d => Path.Combine(d, program)).FirstOrDefault(File.Exists);
}

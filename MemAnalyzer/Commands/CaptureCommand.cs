using MemAnalyzer.Capture;

namespace MemAnalyzer.Commands;

/// <summary>-procdump: everything after it on the command line, parsed as ProcDump for Linux or the original's syntax.</summary>
public sealed record CaptureRequest(ProcDumpRequest Dump) : CommandRequest;

/// <summary>Writes dumps with their side-cars (.smaps and .metadata.json), through ProcDump or the target's runtime.</summary>
public static class CaptureCommand
{
    public static int Run(CaptureRequest request, RunContext context)
    {
        // ProcDump's banner and progress ("procdump: ..." lines) are notes: -silent drops them, not the result lines.
        foreach (var dump in DumpCapture.Capture(request.Dump, context.Silent ? TextWriter.Null : context.Out, context.Cancellation))
        {
            context.Out.WriteLine($"Dump written by {dump.Writer}: {dump.Path} ({dump.Bytes / (1024.0 * 1024):F1} MB, {(dump.Kind == DumpKind.Heap ? "heap" : "full")} dump), with {Path.GetFileName(dump.Path)}{DumpSideCar.SmapsSuffix} and {Path.GetFileName(dump.Path)}{DumpSideCar.MetadataSuffix}");
            if (dump.Note is not null && !context.Silent)
            {
                context.Error.WriteLine($"note: {dump.Note}");
            }
            if (dump.Warning is not null)
            {
                context.Error.WriteLine($"warning: {dump.Warning}");
            }
        }
        return ExitCodes.Success;
    }
}

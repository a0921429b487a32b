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
            // Only the side-cars that exist: a memory map that could not be read is not beside the dump (a warning says so).
            var name = Path.GetFileName(dump.Path);
            var sideCars = File.Exists(dump.Path + DumpSideCar.SmapsSuffix)
                ? $"{name}{DumpSideCar.SmapsSuffix} and {name}{DumpSideCar.MetadataSuffix}" : $"{name}{DumpSideCar.MetadataSuffix}";
            context.Out.WriteLine($"Dump written by {dump.Writer}: {dump.Path} ({dump.Bytes / (1024.0 * 1024):F1} MB, {(dump.Kind == DumpKind.Heap ? "heap" : "full")} dump), with {sideCars}");
            if (dump.Note is not null && !context.Silent)
            {
                context.Error.WriteLine($"note: {dump.Note}");
            }
            foreach (var warning in dump.Warnings)
            {
                context.Error.WriteLine($"warning: {warning}");
            }
        }
        return ExitCodes.Success;
    }
}

using MemAnalyzer.Analysis;
using MemAnalyzer.Capture;
using MemAnalyzer.Heap;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;
using static MemAnalyzer.Output.HtmlLook;

namespace MemAnalyzer.Commands;

/// <summary>The header of an -html page: who the target is, its runtime, when and how it was captured, the heap's totals, and the warnings.</summary>
public static class PageFacts
{
    /// <summary>The runtime's version as -ps prints it (10.0.12, not the file version 10.0.1226.42308), read while the target is open.</summary>
    public static string RuntimeOf(HeapSource source) =>
        source.Heap.Runtime.ClrInfo.Version is { Major: > 0 } version ? Dac.DacCollector.ProductVersion(version) ?? version.ToString() : "unknown";

    /// <summary>The facts of one target; <paramref name="side"/> prefixes them in a diff ("Before: ").</summary>
    /// <param name="heap">The heap's totals; null for a view that reads no type table (its own lead says what it counted).</param>
    public static IEnumerable<(string, string)> Of(TargetSpec target, ReadReport report, string runtime, HeapSnapshot? heap, string side = "")
    {
        var context = Context(target);
        var metadata = target.DumpPath is { } path ? DumpSideCar.TryRead(path) : null;
        yield return (side + "Target", target.DumpPath is { } dump ? $"dump {Path.GetFullPath(dump)}" : $"live process {context.ProcessId} ({context.Name})");
        if (context.ProcessId.Length > 0 && target.DumpPath is not null)
        {
            yield return (side + "Process", $"{context.ProcessId} {(metadata is null ? "" : ProcessMatch.AppName(new TargetProcessInfo(metadata.Pid, metadata.ProcessName, metadata.CommandLine, metadata.ProcessStartTime)))}".TrimEnd());
        }
        if (context.CommandLine.Length > 0)
        {
            yield return (side + "Its command line", context.CommandLine);
        }
        yield return (side + "Runtime", $".NET {runtime}");
        yield return (side + (target.DumpPath is null ? "Read at" : metadata is null ? "Captured (the file's time)" : "Captured"), context.Time);
        yield return (side + "Kind", target.DumpPath is null
            ? report.HeapDump is null ? "live process, read with ptrace (suspended while its heap was read, then resumed)" : "live process, read through a heap dump its runtime wrote"
            : metadata is null ? "a core dump (no MemAnalyzer side-car: kind unknown)" : $"{metadata.DumpType} dump written by {metadata.Writer}");
        if (heap is null)
        {
            yield break;
        }
        var selection = heap.Selection switch { ObjectSelection.Live => "live objects", ObjectSelection.Dead => "dead objects", _ => "all objects, live and dead" };
        yield return (side + "Managed heap", $"{N(heap.AllocatedBytes)} bytes ({Size(heap.AllocatedBytes)}) in {N(heap.ObjectCount)} objects of {N(heap.Types.Count)} types ({selection}); {N(heap.FreeBytes)} bytes free");
    }

    /// <summary>Who and when the page's target is, with the page's time format.</summary>
    public static TargetContext Context(TargetSpec target) => TargetContextReader.Capture(target, new ReportStamp(null, "yyyy-MM-dd HH:mm:ss zzz", "", DateTimeOffset.Now));

    /// <summary>The page's title: "MemAnalyzer: dump before.dmp", "MemAnalyzer diff: before.dmp → after.dmp".</summary>
    public static string Name(TargetSpec target) => target.DumpPath is { } dump ? Path.GetFileName(dump) : $"process {target.ProcessId}";
}

using System.Collections.Concurrent;
using MemAnalyzer.GcDump;

namespace MemAnalyzer.Targets;

/// <summary>
/// The .gcdump backend of a target: a -f/-f2 file that is a .gcdump (recognized by its first bytes, whatever its name)
/// holds dotnet-gcdump's graph of the objects a full GC left alive, so it answers the objects' types, sizes and
/// references and nothing a view <see cref="TargetNeeds"/> beyond them. The refusals of what it cannot answer come
/// from here (exit 1). Each file is opened once per run: sniffed once, however many views and checks ask, and a
/// gcdump's stream stays open for the read that follows.
/// </summary>
public static class GcDumpTarget
{
    private static readonly ConcurrentDictionary<(string Path, long Length, DateTime Written), bool> s_sniffed = new();

    /// <summary>The streams of the files a sniff found to be gcdumps, each handed to the first <see cref="Open"/> of its file.</summary>
    private static readonly ConcurrentDictionary<string, FileStream> s_sniffedStreams = new();

    /// <summary>True when the target is a file that starts like a gcdump, or is named *.gcdump (then a foreign one gets the gcdump reader's error).</summary>
    public static bool Is(TargetSpec target)
    {
        if (target.DumpPath is not { } path || !File.Exists(path))
        {
            return false;
        }
        var file = new FileInfo(path);
        return s_sniffed.GetOrAdd((file.FullName, file.Length, file.LastWriteTimeUtc), _ => Sniff(file.FullName));
    }

    /// <summary>What the target cannot answer of <paramref name="needs"/>: all of it for a .gcdump, nothing for a core dump or a process.</summary>
    public static TargetNeeds Lacks(TargetSpec target, TargetNeeds needs) => needs == TargetNeeds.None || !Is(target) ? TargetNeeds.None : needs;

    /// <summary>Refuses (exit 1) when a target of <paramref name="targets"/> cannot answer what <paramref name="view"/> needs.</summary>
    public static void Check(IEnumerable<TargetSpec> targets, string view, TargetNeeds needs)
    {
        if (targets.Any(t => Lacks(t, needs) != TargetNeeds.None))
        {
            throw Refusal(view, needs);
        }
    }

    /// <summary>
    /// The one refusal of a view (or a switch) that needs what a gcdump does not hold (exit 1): it holds only the live
    /// objects' types, sizes and references.
    /// </summary>
    public static MemAnalyzerException Refusal(string view, TargetNeeds needs) =>
        needs.HasFlag(TargetNeeds.StringValues) ? Refusal(view, "string values")
        : needs.HasFlag(TargetNeeds.FieldValues) ? Refusal(view, "field values")
        : needs.HasFlag(TargetNeeds.HandleTable) ? Refusal(view, "GC handle table")
        : needs.HasFlag(TargetNeeds.FinalizationQueue) ? Refusal(view, "finalization queue")
        : needs.HasFlag(TargetNeeds.DeadObjects) ? Refusal(view, "dead objects (dotnet-gcdump records only what a full GC left alive)")
        : needs.HasFlag(TargetNeeds.Generations) ? Refusal(view, "generations")
        : needs.HasFlag(TargetNeeds.MemoryMap) ? Refusal(view, "memory map")
        : needs.HasFlag(TargetNeeds.Modules) ? Refusal(view, "modules")
        : new(ExitCodes.InvalidArguments,
            "this view cannot read a .gcdump: a gcdump answers the type table (with -type, -dts/-dtn, -retained, -roots, -o, -format json), -f2 diffs, -suspects and -dominators; take a core dump (-procdump) for the rest");

    /// <summary>Reads the whole file; a foreign or truncated one is exit code 4 (DumpInvalid) with what is wrong.</summary>
    public static GcDumpFile Open(TargetSpec target)
    {
        var path = target.DumpPath!;
        try
        {
            var file = s_sniffedStreams.TryRemove(Path.GetFullPath(path), out var sniffed) ? sniffed : File.OpenRead(path);
            file.Position = 0;
            using var stream = new BufferedStream(file, 1 << 20);
            return GcDumpReader.Read(stream);
        }
        catch (GcDumpFormatException e)
        {
            throw Incomplete(target, e);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new MemAnalyzerException(ExitCodes.DumpUnreadable, $"gcdump '{path}' cannot be read: {e.Message}");
        }
    }

    /// <summary>A gcdump whose content is wrong (read, or built into a graph): exit code 4.</summary>
    public static MemAnalyzerException Incomplete(TargetSpec target, GcDumpFormatException e) =>
        new(ExitCodes.DumpInvalid, $"'{target.DumpPath}' is not a complete .gcdump: {e.Message}");

    /// <summary>"-dead cannot read a .gcdump: the file holds no dead objects (…), only …".</summary>
    private static MemAnalyzerException Refusal(string option, string what) =>
        new(ExitCodes.InvalidArguments, $"{option} cannot read a .gcdump: the file holds no {what}, only the live objects' types, sizes and references; take a core dump (-procdump) for {option}");

    private static bool Sniff(string path)
    {
        try
        {
            var stream = File.OpenRead(path);
            var isGcDump = GcDumpReader.LooksLikeGcDump(stream) || path.EndsWith(".gcdump", StringComparison.OrdinalIgnoreCase);
            if (!isGcDump || !s_sniffedStreams.TryAdd(path, stream))
            {
                stream.Dispose();
            }
            return isGcDump;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }
}

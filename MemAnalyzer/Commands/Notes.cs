using MemAnalyzer.Analysis;
using MemAnalyzer.Dac;
using MemAnalyzer.Heap;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>Warnings and notes go to stderr, so stdout stays a clean table for scripts.</summary>
internal static class Notes
{
    /// <summary>-type that matches no type is most likely a typo: say so instead of printing an empty table silently.</summary>
    public static void WarnIfNoTypeMatches(TextWriter error, TypeFilter? filter, IEnumerable<string> typeNames)
    {
        if (filter is not null && !typeNames.Any(filter.Matches))
        {
            error.WriteLine($"warning: no type name {(filter.IsPattern ? "matches" : "contains")} -type \"{filter.Text}\" (type names are case-sensitive, with their namespace)");
        }
    }

    /// <summary>-roots or -objects given a short type name: which type it stood for.</summary>
    public static void WriteResolvedType(TextWriter error, string option, RootsQuery? query)
    {
        if (query?.Typed is { } typed)
        {
            error.WriteLine($"note: {option} {typed}: the only type of that name is {query.Type}");
        }
    }

    /// <summary>-verbose: how large the live mark's work lists grew (large arrays are marked in slices to bound it).</summary>
    public static void WriteMarkWorkList(TextWriter error, HeapSnapshot heap, bool verbose)
    {
        if (verbose && heap.MarkPeakEntries > 0)
        {
            error.WriteLine($"note: the live mark's work lists peaked at {heap.MarkPeakEntries:N0} entries ({heap.MarkPeakBytes:N0} bytes)");
        }
    }

    /// <summary>A report built on the live graph (-suspects, -dominators) misses what lies in the parts of the heap the walk could not read.</summary>
    public static void WarnIfPartial(TextWriter error, HeapSnapshot heap, string what)
    {
        if (heap.UnreadableBytes > 0)
        {
            error.WriteLine($"warning: the {what} cover only the walked heap: {heap.UnreadableBytes:N0} bytes in {heap.UnreadablePlaces:N0} damaged {(heap.UnreadablePlaces == 1 ? "place" : "places")} were left out, with every object only they reference; the live heap, retained bytes and shares are those of the rest");
        }
    }

    /// <summary>The target's warnings, one line each: by <see cref="Write"/>, or earlier by a caller that must judge the heap before the target is closed.</summary>
    public static void WriteWarnings(TextWriter error, IEnumerable<string> warnings)
    {
        foreach (var warning in warnings)
        {
            error.WriteLine($"warning: {warning}");
        }
    }

    /// <param name="namesMissing">For a caller that writes the target's warnings itself: whether the walk left types without a name; else the warnings say.</param>
    public static void Write(TextWriter error, IReadOnlyCollection<string> warnings, ReadReport report, bool silent, bool? namesMissing = null)
    {
        WriteWarnings(error, warnings);
        ImageNotes.Write(error, report.Images, namesMissing ?? warnings.Any(UnnamedTypesWarning.Is), silent);
        if (silent)
        {
            return;
        }
        if (report.HeapDump is { } dump)
        {
            var why = dump.PtraceFailure is null ? "-attach dump" : "ptrace was denied";
            error.WriteLine($"note: {report.Target} was read through a heap dump ({why}): its runtime wrote {dump.Bytes / (1024.0 * 1024):F1} MB " +
                $"over its diagnostics socket in {dump.Took.TotalSeconds:F1} s into a private temporary file, which was analyzed and deleted");
        }
        if (report.Suspended is TimeSpan paused)
        {
            error.WriteLine($"note: {report.Target} was suspended for {paused.TotalMilliseconds:F0} ms while its heap was read, then resumed");
        }
        // Only a DAC from somewhere else than the target's own runtime is worth a line: that is where triage mistakes hide.
        if (!report.Dac.Source.IsTheRuntimesOwn())
        {
            error.WriteLine($"note: DAC {report.Dac.Path} (from the {report.Dac.Origin})");
        }
        if (!report.Dac.BuildIdVerified)
        {
            error.WriteLine($"warning: the DAC {report.Dac.Path} was used although its runtime build-id could not be matched (-ignoredacmismatch)");
        }
    }
}

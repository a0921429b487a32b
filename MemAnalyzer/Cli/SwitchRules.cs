using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Views;
using static MemAnalyzer.Cli.SwitchValues;

namespace MemAnalyzer.Cli;

/// <summary>The rules about switches that go together, each a named check that throws an invalid-arguments error saying what to change.</summary>
public static class SwitchRules
{
    /// <summary>A number switch with text is wrong whatever the mode, as the command-line library's own typed options were.</summary>
    public static void NumbersAreNumbers(CommandLine line)
    {
        _ = Int(line.Top);
        _ = Int(line.RootsTop);
        foreach (var number in ViewCatalog.All.SelectMany(v => v.Switches).Where(s => s.Number))
        {
            _ = Int(line.Option(number.Name));
        }
    }

    /// <summary>-attach says how to read a live process: it needs one.</summary>
    public static void AttachNeedsProcess(CommandLine line)
    {
        if (line.Attach.HasValue() && !line.ProcessId.HasValue() && !line.SecondProcessId.HasValue())
        {
            throw Invalid("-attach says how to read a live process: add -pid <pid or name> (or -pid2)");
        }
    }

    /// <summary>-ps lists processes and reads none.</summary>
    public static void ProcessListStandsAlone(CommandLine line)
    {
        if (line.App.Options.Any(o => o.HasValue() && o != line.ProcessList && o != line.Silent))
        {
            throw Invalid("-ps lists the .NET processes and takes no other switch: run it alone, then analyze one with -pid <pid or name>");
        }
    }

    public static void TrendReadsNoTarget(CommandLine line)
    {
        if (line.TypeFilter.HasValue())
        {
            throw Invalid("-type filters the rows of an analysis; -trend reports every growing row of the CSV: leave out -type");
        }
        if (line.Generation.HasValue())
        {
            throw Invalid("-gen restricts the analysis of a target; -trend reads the CSV such runs wrote (their Selection column names the generation): leave out -gen");
        }
        if (line.DumpFile.HasValue() || line.ProcessId.HasValue() || line.SecondDumpFile.HasValue() || line.SecondProcessId.HasValue() || line.OutputFile.HasValue())
        {
            throw Invalid("-trend reads a CSV that earlier runs wrote; it does not combine with -f, -pid, -f2, -pid2 or -o");
        }
    }

    /// <summary>
    /// -gen restricts the type table and its summary rows to one generation. Retained sizes and root paths come from the
    /// whole live graph, the memory map covers the whole process, and -dstrings is a view of its own: none of them is
    /// restricted, so they do not go with -gen (-dstrings, a view of the catalog, refuses -gen itself).
    /// </summary>
    public static void GenerationRestrictsTypeTable(CommandLine line)
    {
        if (!line.Generation.HasValue())
        {
            return;
        }
        CommandOption[] others = [line.Retained, line.ByRetained, line.Roots, line.MemoryMap];
        if (others.FirstOrDefault(o => o.HasValue()) is { } other)
        {
            throw Invalid($"-gen restricts the type table to one generation, and -{other.ShortName} covers the whole heap: run them as two commands");
        }
    }

    public static void SizeAndCountExcludeEachOther(CommandLine line)
    {
        if (line.BySize.HasValue() && line.ByCount.HasValue())
        {
            throw Invalid("-dts and -dtn exclude each other: sort either by size or by count");
        }
        if (line.ByRetained.HasValue() && (line.BySize.HasValue() || line.ByCount.HasValue()))
        {
            throw Invalid("-dtr sorts by retained bytes and excludes -dts and -dtn: use one of them");
        }
    }

    public static void RetainedNeedsLiveObjects(CommandLine line)
    {
        if ((line.Retained.HasValue() || line.ByRetained.HasValue()) && line.Dead.HasValue())
        {
            throw Invalid("-retained measures what live objects keep alive, and -dead shows only unreachable ones: leave out -dead");
        }
    }

    /// <summary>
    /// Retained bytes exist only for live objects, so -retained and -dtr without -live count live objects only (as if
    /// -live), lest one table mix all-object and live-only columns. Returns the switch that implied it, or null.
    /// </summary>
    public static string? RetainedImpliesLive(CommandLine line)
    {
        if (line.Live.HasValue() || line.Dead.HasValue() || ViewCatalog.Selected(line.Has) is not null)
        {
            // The views of the catalog (-handles, -dstrings, ...) count handles, values and findings, not a type table of live objects.
            return null;
        }
        return line.ByRetained.HasValue() ? "-dtr" : line.Retained.HasValue() ? "-retained" : null;
    }

    /// <summary>The stderr line that says a table counts live objects although -live was not given.</summary>
    public static string ImpliedLiveNote(string retainedSwitch) =>
        $"note: {retainedSwitch} counts live objects only (as if -live): retained bytes exist only for live objects";

    /// <param name="viewTakesOverwrite">The selected view gives -overwrite a meaning of its own (-export).</param>
    public static void CsvSwitchesNeedOutput(CommandLine line, bool viewTakesOverwrite)
    {
        if ((line.Overwrite.HasValue() && !viewTakesOverwrite) || line.Separator.HasValue() || line.NoExcelSeparator.HasValue() || line.Context.HasValue()
            || line.TimeText.HasValue() || line.TimeFormat.HasValue())
        {
            throw Invalid("-overwrite, -sep, -noexcelsep, -context, -time and -timefmt shape CSV output: add -o <file.csv> (-context, -time and -timefmt go with -format json too)");
        }
    }

    public static void ShowUnchangedBelongsToTypeDiffs(CommandLine line, bool typeDiff)
    {
        if (line.ShowUnchanged.HasValue() && !typeDiff)
        {
            throw View.ShowUnchangedListsTypes();
        }
    }

    public static void JsonTakesNoCsvLayout(CommandLine line)
    {
        if (line.Overwrite.HasValue() || line.Separator.HasValue() || line.NoExcelSeparator.HasValue())
        {
            throw Invalid("-overwrite, -sep and -noexcelsep shape CSV files, and a JSON report is always written whole: leave them out");
        }
    }

    /// <summary>Several -f values or a glob: each dump is analyzed on its own, so nothing may tie the dumps together.</summary>
    public static void BatchAnalyzesEachDumpAlone(CommandLine line, bool diff)
    {
        if (diff)
        {
            throw Invalid("a diff compares one first target with one second: give a single -f with -f2/-pid2, or leave out -f2/-pid2 to analyze each dump of the batch on its own");
        }
        if (line.ResultFile.HasValue())
        {
            throw Invalid("-resultfile holds the number of one analysis, and several -f make a batch: leave out -resultfile, or give one dump");
        }
        if (line.ForceGc.HasValue())
        {
            throw Invalid("-gc forces a GC in a live process, and several -f make a batch of dumps: run them as two commands");
        }
    }

    /// <summary>-html writes one page of one analysis, not of a batch (a view with no page refuses it itself).</summary>
    public static void HtmlIsOnePage(CommandLine line, bool batch)
    {
        if (!line.HtmlFile.HasValue())
        {
            return;
        }
        if (batch)
        {
            throw Invalid("-html writes the page of one analysis, and several -f make a batch: give one dump (or a diff with -f2), or leave out -html");
        }
    }
}

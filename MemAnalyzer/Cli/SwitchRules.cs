using MemAnalyzer.Views;
using static MemAnalyzer.Cli.SwitchValues;

namespace MemAnalyzer.Cli;

/// <summary>The rules about switches that go together, each a named check that throws an invalid-arguments error saying what to change.</summary>
public static class SwitchRules
{
    /// <summary>A number switch with text is wrong whatever the mode, as the command-line library's own typed options were.</summary>
    public static void NumbersAreNumbers(CommandLine line)
    {
        foreach (var number in ViewCatalog.NumberOrder.SelectMany(v => v.Switches).Where(s => s.Number))
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
        ViewCatalog.TypeTable.RefuseInTrend(line.Has);
        if (line.DumpFile.HasValue() || line.ProcessId.HasValue() || line.SecondDumpFile.HasValue() || line.SecondProcessId.HasValue() || line.OutputFile.HasValue())
        {
            throw Invalid("-trend reads a CSV that earlier runs wrote; it does not combine with -f, -pid, -f2, -pid2 or -o");
        }
    }

    /// <summary>Several -f values or a glob: each dump is analyzed on its own, so nothing may tie the dumps together.</summary>
    public static void BatchAnalyzesEachDumpAlone(CommandLine line, bool diff)
    {
        if (diff)
        {
            throw Invalid("a diff compares one first target with one second: give a single -f with -f2/-pid2, or leave out -f2/-pid2 to analyze each dump of the batch on its own");
        }
        if (line.ForceGc.HasValue())
        {
            throw Invalid("-gc forces a GC in a live process, and several -f make a batch of dumps: run them as two commands");
        }
    }

    /// <summary>-html writes one page of one analysis, not of a batch (a view with no page refuses it itself).</summary>
    public static void HtmlIsOnePage(CommandLine line, bool batch)
    {
        if (line.HtmlFile.HasValue() && batch)
        {
            throw Invalid("-html writes the page of one analysis, and several -f make a batch: give one dump (or a diff with -f2), or leave out -html");
        }
    }
}

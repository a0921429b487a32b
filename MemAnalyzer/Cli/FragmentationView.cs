using MemAnalyzer.Commands;
using MemAnalyzer.Targets;
using static MemAnalyzer.Cli.SwitchValues;

namespace MemAnalyzer.Cli;

/// <summary>-fragmentation: its request, and the switches that do not go with it.</summary>
internal static class FragmentationView
{
    public static CommandRequest Build(CommandLine line, TargetSpec first, TargetSpec? second, bool batch, ReportDestination output)
    {
        if (batch)
        {
            throw Invalid("-fragmentation reads one target (or the two of a diff): give one -f <dump>, not several");
        }
        // Every generation is in the view already: -gen, -live and -dead would be silently ignored, so they are refused.
        SwitchRules.ViewOfItsOwn("-fragmentation is a view of its own (every generation, free blocks and pinned objects)", line.Handles, line.Finalizable,
            line.Inspections, line.DuplicateStrings, line.Roots, line.Retained, line.ByRetained, line.ByCount, line.BySize, line.Top, line.Live, line.Dead,
            line.Generation, line.MemoryMap, line.ResultFile, line.ShowAddress, line.ShowUnchanged, line.TypeFilter, line.Suspects, line.Dominators, line.SuspectPercent);
        return new FragmentationRequest(first, second, Unit(line.Unit.Value()), output);
    }
}

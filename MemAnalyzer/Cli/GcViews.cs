using MemAnalyzer.Commands;
using MemAnalyzer.Targets;
using static MemAnalyzer.Cli.SwitchValues;

namespace MemAnalyzer.Cli;

/// <summary>-handles and -finalizable: their requests, and the switches that do not go with them.</summary>
internal static class GcViews
{
    public static CommandRequest Build(CommandLine line, TargetSpec first, TargetSpec? second, bool batch, ReportDestination output)
    {
        if (line.Handles.HasValue() && line.Finalizable.HasValue())
        {
            throw Invalid("-handles and -finalizable are two views: run them as two commands");
        }
        var name = line.Handles.HasValue() ? "-handles" : "-finalizable";
        if (batch)
        {
            throw Invalid($"{name} reads one target (or the two of a diff): give one -f <dump>, not several");
        }
        // Handles and the finalization queue belong to the whole heap: -gen would be silently ignored, so it is refused.
        SwitchRules.ViewOfItsOwn($"{name} is a view of its own", line.DuplicateStrings, line.Roots, line.ByRetained, line.ByCount, line.BySize, line.Top,
            line.Live, line.Dead, line.Generation, line.MemoryMap, line.ResultFile, line.ShowAddress, line.TypeFilter, line.Suspects, line.Dominators, line.SuspectPercent);
        if (line.ShowUnchanged.HasValue() && second is null)
        {
            throw Invalid($"-showunchanged belongs to a diff: add -f2 <dump> or -pid2 <pid>, or leave it out");
        }
        if (line.Retained.HasValue() && second is not null)
        {
            throw Invalid($"{name} -retained reads one target: leave out -retained in a diff (the diff compares handle counts and target bytes)");
        }
        var unit = Unit(line.Unit.Value());
        if (line.Finalizable.HasValue())
        {
            if (line.Retained.HasValue())
            {
                throw Invalid("-finalizable has retained bytes always (for the ready objects): leave out -retained");
            }
            return new FinalizableRequest(first, unit, output, second, line.ShowUnchanged.HasValue());
        }
        return new HandlesRequest(first, second, line.Retained.HasValue(), unit, line.ShowUnchanged.HasValue(), output);
    }
}

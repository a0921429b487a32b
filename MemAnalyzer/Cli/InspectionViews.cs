using System.Globalization;
using MemAnalyzer.Commands;
using MemAnalyzer.Inspections;
using MemAnalyzer.Targets;
using static MemAnalyzer.Cli.SwitchValues;

namespace MemAnalyzer.Cli;

/// <summary>-inspections and its thresholds: the request, and the switches that do not go with it.</summary>
internal static class InspectionViews
{
    public static InspectionsRequest Build(CommandLine line, bool batch, ReportDestination output, TargetSpec first, TargetSpec? second)
    {
        if (!line.Inspections.HasValue())
        {
            var given = new[] { line.MinHandlers, line.SparsePercent, line.MinGroup }.First(o => o.HasValue());
            throw Invalid($"-{given.ShortName} is a threshold of -inspections: add -inspections");
        }
        if (batch)
        {
            throw Invalid("-inspections reads one target (or the two of a diff): give one -f <dump>, not several");
        }
        if (line.ShowUnchanged.HasValue() && second is null)
        {
            throw Invalid("-showunchanged belongs to a diff: add -f2 <dump> or -pid2 <pid>, or leave it out");
        }
        SwitchRules.ViewOfItsOwn("-inspections is a view of its own (on the live heap)", line.DuplicateStrings, line.Roots, line.Retained, line.ByRetained,
            line.ByCount, line.BySize, line.Top, line.Live, line.Dead, line.Generation, line.TypeFilter, line.MemoryMap, line.ResultFile,
            line.ShowAddress, line.Suspects, line.Dominators, line.SuspectPercent);
        var options = new InspectionOptions(
            Positive("-minhandlers", line.MinHandlers.Value(), InspectionOptions.DefaultMinHandlers, 2),
            Positive("-sparsepct", line.SparsePercent.Value(), InspectionOptions.DefaultSparsePercent, 1, 100),
            Positive("-mingroup", line.MinGroup.Value(), InspectionOptions.DefaultMinGroup, 1));
        return new InspectionsRequest(first, options, Unit(line.Unit.Value()), output, second, line.ShowUnchanged.HasValue());
    }

    private static int Positive(string name, string? text, int fallback, int least, int most = int.MaxValue) =>
        text is null ? fallback
        : int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) && value >= least && value <= most ? value
        : throw Invalid(most == int.MaxValue ? $"{name} {text}: give a whole number, {least} or more" : $"{name} {text}: give a whole number from {least} to {most}");
}

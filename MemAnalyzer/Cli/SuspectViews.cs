using System.Globalization;
using MemAnalyzer.Commands;
using MemAnalyzer.Suspects;
using MemAnalyzer.Targets;
using static MemAnalyzer.Cli.SwitchValues;

namespace MemAnalyzer.Cli;

/// <summary>-suspects: its request, and the switches that do not go with it (-dominators is a view of the catalog).</summary>
internal static class SuspectViews
{
    public static CommandRequest Build(CommandLine line, TargetSpec first, TargetSpec? second, ReportDestination output)
    {
        var unit = Unit(line.Unit.Value());
        TakesNoOtherView(line);
        if (!line.Suspects.HasValue())
        {
            throw Invalid(line.Baseline.HasValue() && !line.SuspectPercent.HasValue()
                ? "-baseline gates the leak suspects: add -suspects"
                : "-suspectpct is the threshold of -suspects: add -suspects");
        }
        if (line.TypeFilter.HasValue())
        {
            throw Invalid("-suspects looks at the whole live heap: leave out -type (-dominators -type <TYPE> lists a type's biggest instances)");
        }
        var count = Positive("-suspects", line.Suspects.Value(), SuspectOptions.DefaultCount);
        var percent = line.SuspectPercent.Value() is { } text ? Percent(text) : second is null ? SuspectOptions.DefaultPercent : SuspectOptions.DefaultGrowthPercent;
        var baseline = line.Baseline.Value() is { } file ? LeakBaseline.Read(file) : null;
        return new SuspectsRequest(first, second, new SuspectOptions(count, percent), unit, output, baseline);
    }

    private static void TakesNoOtherView(CommandLine line)
    {
        SwitchRules.ViewOfItsOwn("-suspects and -dominators are views of their own (on the live heap, with retained bytes)", line.Roots,
            line.Retained, line.ByRetained, line.ByCount, line.BySize, line.Top, line.Dead, line.Generation, line.MemoryMap, line.ResultFile, line.ShowUnchanged);
    }

    private static int Positive(string name, string? text, int fallback) =>
        text is null ? fallback
        : int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) && value > 0 ? value
        : throw Invalid($"{name} {text}: give a positive whole number");

    private static double Percent(string text) =>
        double.TryParse(text.TrimEnd('%'), NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var value) && value is > 0 and <= 100
            ? value
            : throw Invalid($"-suspectpct {text}: give a percent above 0 and at most 100, such as 10 or 2.5");
}

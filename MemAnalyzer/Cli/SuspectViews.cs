using System.Globalization;
using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Suspects;
using MemAnalyzer.Targets;
using static MemAnalyzer.Cli.SwitchValues;

namespace MemAnalyzer.Cli;

/// <summary>-suspects and -dominators: their requests, and the switches that do not go with them.</summary>
internal static class SuspectViews
{
    public static CommandRequest Build(CommandLine line, TargetSpec first, TargetSpec? second, ReportDestination output)
    {
        var unit = Unit(line.Unit.Value());
        TakesNoOtherView(line);
        if (line.Suspects.HasValue())
        {
            if (line.Dominators.HasValue() || line.DominatorsDepth.HasValue())
            {
                throw Invalid("-suspects and -dominators are two views: run them as two commands");
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
        if (!line.Dominators.HasValue())
        {
            throw Invalid(line.SuspectPercent.HasValue() ? "-suspectpct is the threshold of -suspects: add -suspects"
                : line.Baseline.HasValue() ? "-baseline gates the leak suspects: add -suspects"
                : "a depth belongs to -dominators: -dominators [N] [depth]");
        }
        if (line.SuspectPercent.HasValue() || line.Baseline.HasValue())
        {
            throw Invalid(line.SuspectPercent.HasValue()
                ? "-suspectpct is the threshold of -suspects, not of -dominators: leave it out"
                : "-baseline gates the leak suspects: use it with -suspects, not -dominators");
        }
        if (second is not null)
        {
            throw Invalid("-dominators shows one target's dominator tree: leave out -f2/-pid2 (-suspects with -f2 lists what grew)");
        }
        if (output.WritesRows || output.Html is not null)
        {
            throw Invalid("-dominators prints its tree on the console: leave out -o, -format json and -html (-suspects -html draws the dominator tree as a treemap)");
        }
        var top = Positive("-dominators", line.Dominators.Value(), DominatorView.DefaultCount);
        var depth = line.DominatorsDepth.Value() is { } d
            ? int.TryParse(d, NumberStyles.None, CultureInfo.InvariantCulture, out var value) ? value : throw Invalid($"-dominators {top} {d}: the depth is a whole number, 0 or more")
            : DominatorView.DefaultDepth;
        return new DominatorsRequest(first, top, depth, line.TypeFilter.Value() is { } pattern ? new TypeFilter(pattern) : null, unit);
    }

    private static void TakesNoOtherView(CommandLine line)
    {
        SwitchRules.ViewOfItsOwn("-suspects and -dominators are views of their own (on the live heap, with retained bytes)", line.DuplicateStrings, line.Roots,
            line.Retained, line.ByRetained, line.ByCount, line.BySize, line.Top, line.Dead, line.Generation, line.MemoryMap, line.ResultFile, line.ShowUnchanged, line.ShowAddress);
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

using System.Globalization;

namespace MemAnalyzer.Output;

/// <summary>
/// A chart's byte axis: from <see cref="Min"/> to <see cref="Max"/> in whole steps of a round size in B, KB, MB or GB
/// (1, 2, 2.5 or 5 times a power of ten of that unit), so that every gridline has a short, exact label.
/// </summary>
public sealed record ChartScale(long Min, long Max, long Step, long Unit)
{
    public const int TargetSteps = 5;

    private static readonly (long Size, string Name)[] s_units = [(1L << 30, "GB"), (1L << 20, "MB"), (1L << 10, "KB"), (1, "B")];

    /// <summary>The scale over [low, high]; from zero when <paramref name="fromZero"/> (stacked areas must start at 0).</summary>
    public static ChartScale For(long low, long high, bool fromZero)
    {
        low = fromZero ? 0 : Math.Max(0, low);
        high = Math.Max(high, low + 1);
        var raw = (high - low) / (double)TargetSteps;
        var unit = s_units.First(u => u.Size <= Math.Max(1, raw)).Size;
        var inUnits = RoundSize(raw / unit, unit);
        if (inUnits >= 1000 && unit < s_units[0].Size)
        {
            // 1,000 MB is no round label: step in the next unit (1 GB) instead.
            unit *= 1024;
            inUnits = RoundSize(raw / unit, unit);
        }
        var step = Math.Max(1, (long)Math.Round(inUnits * unit));
        var min = low / step * step;
        var max = (high + step - 1) / step * step;
        return new ChartScale(min, max == min ? min + step : max, step, unit);
    }

    /// <summary>The round size (1, 2, 2.5 or 5 times a power of ten) at or above <paramref name="size"/>; 2.5 only where it stays a whole number of bytes.</summary>
    private static double RoundSize(double size, long unit)
    {
        var power = Math.Pow(10, Math.Floor(Math.Log10(size)));
        var fraction = size / power;
        var nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 && unit * power >= 10 ? 2.5 : fraction <= 5 ? 5 : 10;
        return nice * power;
    }

    /// <summary>Every gridline value, from <see cref="Min"/> to <see cref="Max"/>.</summary>
    public IEnumerable<long> Ticks()
    {
        for (var value = Min; value <= Max; value += Step)
        {
            yield return value;
        }
    }

    /// <summary>A gridline's label in the step's unit: "2.5 MB", "2,420 KB", "0 B".</summary>
    public string Label(long value)
    {
        var name = s_units.First(u => u.Size == Unit).Name;
        return (value / (double)Unit).ToString("#,0.##", CultureInfo.InvariantCulture) + " " + name;
    }

    /// <summary>Iterations between the x axis's gridlines: 1, 2 or 5 times a power of ten, so that there are at most ten.</summary>
    public static int IterationStep(int count)
    {
        for (var step = 1; ; step *= 10)
        {
            foreach (var multiple in new[] { 1, 2, 5 })
            {
                if (count <= 10 * step * multiple)
                {
                    return step * multiple;
                }
            }
        }
    }
}

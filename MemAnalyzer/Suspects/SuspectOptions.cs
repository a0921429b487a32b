namespace MemAnalyzer.Suspects;

/// <summary>How many suspects, from which share of the live heap on, and how many accumulated types each lists.</summary>
/// <param name="Count">At most this many suspects.</param>
/// <param name="Percent">A suspect retains at least this percent of the live heap (of its growth, in a diff).</param>
/// <param name="TopTypes">Types listed beneath each accumulation point.</param>
public sealed record SuspectOptions(int Count = SuspectOptions.DefaultCount, double Percent = SuspectOptions.DefaultPercent, int TopTypes = SuspectOptions.DefaultTopTypes)
{
    public const int DefaultCount = 5;

    public const double DefaultPercent = 10;

    /// <summary>In a diff: percent of the live heap's growth (small owners grow by little, but a leak grows every time).</summary>
    public const double DefaultGrowthPercent = 1;

    public const int DefaultTopTypes = 5;

    /// <summary>The least retained bytes of a suspect on a heap of <paramref name="liveBytes"/>.</summary>
    public long MinimumBytes(long liveBytes) => (long)Math.Ceiling(liveBytes * Percent / 100);
}

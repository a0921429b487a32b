namespace MemAnalyzer.Analysis;

/// <summary>The texts of <see cref="HeapGeneration"/>, defined once: the -gen values, the Selection column, the summary rows.</summary>
public static class HeapGenerations
{
    /// <summary>Every generation, in the GC's order.</summary>
    public static IReadOnlyList<HeapGeneration> All { get; } = Enum.GetValues<HeapGeneration>();

    /// <summary>The -gen value and the Selection column's word: gen0, gen1, gen2, loh, poh, frozen (SOS's names).</summary>
    public static string Name(HeapGeneration generation) => generation.ToString().ToLowerInvariant();

    /// <summary>The name in summary rows and verdicts: Gen0, Gen1, Gen2, LOH, POH, Frozen.</summary>
    public static string Label(HeapGeneration generation) => generation switch
    {
        HeapGeneration.Loh => "LOH",
        HeapGeneration.Poh => "POH",
        _ => generation.ToString(),
    };

    /// <summary>The generation named <paramref name="text"/> (case-insensitive; 0, 1 and 2 too), or null.</summary>
    public static HeapGeneration? Parse(string text) => text.Trim().ToLowerInvariant() switch
    {
        "gen0" or "0" => HeapGeneration.Gen0,
        "gen1" or "1" => HeapGeneration.Gen1,
        "gen2" or "2" => HeapGeneration.Gen2,
        "loh" => HeapGeneration.Loh,
        "poh" => HeapGeneration.Poh,
        "frozen" => HeapGeneration.Frozen,
        _ => null,
    };
}

using System.Globalization;

namespace MemAnalyzer.Analysis;

/// <summary>
/// -fragmentation's one-line verdict per generation worth naming: at least <see cref="MinFreePercent"/> of its range in
/// free blocks and at least <see cref="MinFreeBytes"/> of them (a small gen0 with a few free bytes is no fragmentation).
/// </summary>
public static class FragmentationVerdict
{
    public const double MinFreePercent = 20;

    public const long MinFreeBytes = 1 << 20;

    public static bool WorthNaming(GenerationFragmentation generation) =>
        generation.FreePercent >= MinFreePercent && generation.FreeBytes >= MinFreeBytes;

    /// <summary>"gen2: 38% free (24,000,000 bytes in 3,000 blocks), 3,000 pinned System.Byte[] between free blocks", one per generation worth naming.</summary>
    public static IReadOnlyList<string> Lines(FragmentationReport report) =>
        [.. report.Generations.Where(WorthNaming).Select(g => Line(g, report.Pinned))];

    private static string Line(GenerationFragmentation g, IReadOnlyList<PinnedNeighbours> pinned)
    {
        var text = string.Create(CultureInfo.InvariantCulture,
            $"{HeapGenerations.Name(g.Generation)}: {g.FreePercent:F0}% free ({g.FreeBytes:N0} bytes in {g.FreeBlocks:N0} blocks)");
        var top = pinned.Where(p => p.Generation == g.Generation).GroupBy(p => p.TypeName, StringComparer.Ordinal)
            .Select(t => (Type: t.Key, Count: t.Sum(p => p.Count))).OrderByDescending(t => t.Count).ThenBy(t => t.Type, StringComparer.Ordinal).FirstOrDefault();
        return top.Type is null ? text : string.Create(CultureInfo.InvariantCulture, $"{text}, {top.Count:N0} pinned {top.Type} between free blocks");
    }
}

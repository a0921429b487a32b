namespace MemAnalyzer.Analysis;

/// <summary>Both sides of a -fragmentation diff: per generation, and per generation × pinning × type (largest change first).</summary>
public sealed record FragmentationDiff(IReadOnlyList<GenerationFragmentationChange> Generations, IReadOnlyList<PinnedNeighboursChange> Pinned)
{
    public static FragmentationDiff Of(FragmentationReport first, FragmentationReport second)
    {
        var generations = first.Generations.Join(second.Generations, g => g.Generation, g => g.Generation, (a, b) => new GenerationFragmentationChange(a, b)).ToList();
        var before = first.Pinned.ToDictionary(Key);
        var after = second.Pinned.ToDictionary(Key);
        var pinned = before.Keys.Union(after.Keys).Select(k =>
        {
            var (a, b) = (before.GetValueOrDefault(k), after.GetValueOrDefault(k));
            return new PinnedNeighboursChange(k.Generation, k.PinnedBy, k.TypeName, a?.Count ?? 0, b?.Count ?? 0, a?.Bytes ?? 0, b?.Bytes ?? 0);
        }).OrderByDescending(p => Math.Abs(p.DeltaBytes)).ThenByDescending(p => Math.Abs(p.DeltaCount)).ThenBy(p => p.Generation)
            .ThenBy(p => p.PinnedBy, StringComparer.Ordinal).ThenBy(p => p.TypeName, StringComparer.Ordinal).ToList();
        return new FragmentationDiff(generations, pinned);
    }

    private static (HeapGeneration Generation, string PinnedBy, string TypeName) Key(PinnedNeighbours p) => (p.Generation, p.PinnedBy, p.TypeName);
}

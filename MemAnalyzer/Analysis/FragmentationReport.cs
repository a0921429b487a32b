namespace MemAnalyzer.Analysis;

/// <summary>
/// What -fragmentation reads from one heap: free space per generation (gen0, gen1, gen2, LOH, POH: frozen segments have
/// none), the largest free blocks, and the pinned objects next to free blocks by generation, pinning and type.
/// </summary>
public sealed record FragmentationReport(IReadOnlyList<GenerationFragmentation> Generations, IReadOnlyList<FreeBlock> Largest,
    IReadOnlyList<PinnedNeighbours> Pinned, IReadOnlyList<string> Warnings);

namespace MemAnalyzer.Analysis;

/// <summary>
/// Pinned objects right before or after a free block (-fragmentation), of one generation, pinning and type: count and bytes.
/// </summary>
/// <param name="PinnedBy">How they are pinned: <see cref="Pinning"/>'s names.</param>
public sealed record PinnedNeighbours(HeapGeneration Generation, string PinnedBy, string TypeName, long Count, long Bytes);

namespace MemAnalyzer.Analysis;

/// <summary>One free block of the GC heap, and the type of the object right after it (what keeps the GC from compacting it away); null where no object follows it (a segment's end, an allocation context).</summary>
public sealed record FreeBlock(ulong Address, long Size, HeapGeneration Generation, string? NextType);

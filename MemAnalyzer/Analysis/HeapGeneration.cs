namespace MemAnalyzer.Analysis;

/// <summary>
/// A generation of the GC heap, as SOS <c>dumpheap -gen</c> names them: gen0, gen1 and gen2 (separate regions on
/// .NET 7+, parts of one ephemeral segment before), the large and pinned object heaps, and the frozen segments.
/// </summary>
public enum HeapGeneration
{
    Gen0,
    Gen1,
    Gen2,
    Loh,
    Poh,
    Frozen,
}

namespace MemAnalyzer.Heap;

/// <summary>
/// What the -retained type table needs of the live graph, and no more: the mark (the live selection's walk reads it),
/// the graph's type names and each type's retained bytes. Read from an index, it costs the few bytes per type of its
/// sections, not the 12 bytes per object of the whole dominator tree: the index keeps the live type table too, so the
/// mark (heap/64) is read only for another selection or a generation.
/// </summary>
/// <param name="Live">Null when the index gave <see cref="LiveTable"/> and the mark was not asked for.</param>
/// <param name="LiveTable">As <see cref="LiveGraph.LiveTable"/>.</param>
public sealed record RetainedTypeTotals(ObjectBitmap? Live, string[] TypeNames, long[] RetainedPerType, IReadOnlyList<string> Warnings,
    Analysis.HeapSnapshot? LiveTable);

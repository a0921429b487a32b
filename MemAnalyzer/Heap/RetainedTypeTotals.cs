namespace MemAnalyzer.Heap;

/// <summary>
/// What the -retained type table needs of the live graph, and no more: the mark (the live selection's walk reads it),
/// the graph's type names and each type's retained bytes. Read from an index, it costs the mark's bytes (heap/64),
/// not the 12 bytes per object of the whole dominator tree.
/// </summary>
public sealed record RetainedTypeTotals(ObjectBitmap Live, string[] TypeNames, long[] RetainedPerType, IReadOnlyList<string> Warnings);

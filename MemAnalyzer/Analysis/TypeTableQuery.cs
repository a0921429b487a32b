namespace MemAnalyzer.Analysis;

/// <summary>
/// What a type table shows, for one target or for a diff: which objects are counted, which rows are kept and in what
/// order, the unit, and what else is read while the target is open. A new view of the type table is a field here.
/// </summary>
/// <param name="SortKey">-dts, -dtn or -dtr: the order of the rows (of their deltas in a diff).</param>
/// <param name="TopN">How many type rows are shown.</param>
/// <param name="MinCount">Types with at most this many instances (this |Δ instances| in a diff) are left out; 0 keeps all.</param>
/// <param name="Selection">-live, -dead or all objects.</param>
/// <param name="MemoryMap">-vmmap: add the memory map's rows after the heap summary.</param>
/// <param name="Types">-type: only these type rows; the summary rows still cover the whole selection.</param>
/// <param name="Retained">-retained/-dtr: retained bytes per type from the live graph's dominator tree.</param>
/// <param name="Roots">-roots: the most common root paths to a type.</param>
/// <param name="Generation">-gen: only the objects (and free blocks) of this generation, in the type rows and the summary rows; null for the whole heap.</param>
public sealed record TypeTableQuery(
    SortKey SortKey,
    int TopN,
    long MinCount,
    ObjectSelection Selection,
    SizeUnit Unit,
    bool MemoryMap = false,
    TypeFilter? Types = null,
    bool Retained = false,
    RootsQuery? Roots = null,
    HeapGeneration? Generation = null)
{
    /// <summary>Whether the GC roots are walked (-live/-dead, -retained, -roots), whose stack walk can crash the DAC.</summary>
    public bool ReadsRoots => Selection != ObjectSelection.All || Retained || Roots is not null;

    /// <summary>Whether -type keeps the type named <paramref name="typeName"/>.</summary>
    public bool Keeps(string typeName) => TypeFilter.Keeps(Types, typeName);

    /// <summary>The type rows of one target, filtered, ordered and cut.</summary>
    public IReadOnlyList<TypeStatistics> Top(IEnumerable<TypeStatistics> types) => Ranking.Top(types.Where(t => Keeps(t.TypeName)), SortKey, TopN, MinCount);
}

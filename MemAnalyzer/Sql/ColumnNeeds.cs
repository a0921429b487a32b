namespace MemAnalyzer.Sql;

/// <summary>What a scan of the objects' rows looks up, by the columns it fills: no lookup for address, type and size (the dumpheap -stat recipe).</summary>
[Flags]
internal enum ColumnNeeds
{
    None = 0,

    /// <summary>The generation column: each object's generation range.</summary>
    Generation = 1,

    /// <summary>The live column: the mark.</summary>
    Mark = 2,

    /// <summary>The retained, dominator or parent column: the mark, and the graph with its dominator tree and root paths.</summary>
    Graph = 4,

    /// <summary>The dominator column: an address looked up per live object (a select in the mark).</summary>
    Dominator = 8,

    /// <summary>The parent column: an address looked up per live object.</summary>
    Parent = 16,
}

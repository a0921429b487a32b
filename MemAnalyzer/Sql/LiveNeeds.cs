namespace MemAnalyzer.Sql;

/// <summary>What a scan of the objects' rows needs of the live graph, by the columns it fills.</summary>
internal enum LiveNeeds
{
    /// <summary>No live column: neither the mark nor the graph (the dumpheap -stat recipe).</summary>
    None,

    /// <summary>The live column: the mark alone.</summary>
    Mark,

    /// <summary>The retained, dominator or parent column: the graph, its dominator tree and its root paths.</summary>
    Columns,
}

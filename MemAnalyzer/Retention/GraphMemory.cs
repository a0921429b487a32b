namespace MemAnalyzer.Retention;

/// <summary>
/// What the live graph of a number of objects needs at least, known once the mark has counted them and before any of
/// the graph's arrays is made. A lower bound: the arrays of an int or a long per object that are all held at once at
/// the computation's peak (<see cref="DominatorTree"/>'s retained sizes, or the root paths' search), without the
/// references (4 bytes each, not counted until they are read), the mark, or the runtime's own memory.
/// </summary>
public static class GraphMemory
{
    /// <summary>
    /// Per object with the dominator tree, held together while the retained sizes are summed: the types (4), the
    /// search's three arrays (12), the objects by number (4) and the retained sizes (8).
    /// </summary>
    public const int BytesPerObjectWithDominators = 28;

    /// <summary>Per object for root paths alone: the types and edge offsets (8), the search's parents and queue (8).</summary>
    public const int BytesPerObjectWithoutDominators = 16;

    /// <summary>Bytes per object the graph needs at least, with or without its dominator tree.</summary>
    public static int BytesPerObject(bool dominators) => dominators ? BytesPerObjectWithDominators : BytesPerObjectWithoutDominators;

    /// <summary>Bytes the graph of <paramref name="objects"/> live objects needs at least.</summary>
    public static long Needed(long objects, bool dominators) => objects * BytesPerObject(dominators);
}

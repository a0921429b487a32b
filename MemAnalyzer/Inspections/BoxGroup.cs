namespace MemAnalyzer.Inspections;

/// <summary>The boxes of one value type: their count and bytes, the object[] elements that hold them, and the boxes no object[] holds.</summary>
internal sealed class BoxGroup
{
    public long Count, Bytes, InArrays, TopHeld;
    public ulong Example, TopArray;

    /// <summary>The boxes no object[] holds: a field typed object (or a local) does.</summary>
    public List<ulong> Elsewhere { get; } = [];
}

namespace MemAnalyzer.Inspections;

/// <summary>The small collections of one type: their count, overhead, sizes, first address, and the array that holds most of them.</summary>
internal sealed class SmallGroup
{
    public string? Name;
    public long Count, Overhead, Min, Max, TopHeld;
    public ulong Example, TopArray;
}

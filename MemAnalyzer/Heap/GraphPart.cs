using MemAnalyzer.Retention;

namespace MemAnalyzer.Heap;

/// <summary>
/// What <see cref="ParallelGraphRead"/> read of one segment's live objects (numbers [First, First + Count)): their
/// references, resolved to object numbers, and the sizes the type does not tell.
/// </summary>
internal sealed class GraphPart(int first, int count, ScratchArrays carveFrom)
{
    /// <summary>Chunks of 16 Ki references (64 KiB): a region's part wastes at most one, not a 4 MiB one.</summary>
    public const int ChunkBits = 14;

    public int First { get; } = first;

    public int Count { get; } = count;

    public EdgeBuffer Edges { get; private set; } = new(ChunkBits, carveFrom);

    /// <summary>In object order, the size of each object whose type has components (arrays, strings); of every object when <see cref="AllSizes"/>.</summary>
    public List<long> Sizes { get; } = [];

    /// <summary>Read object by object (<see cref="Sizes"/> holds every object's size): the walk could not read the segment.</summary>
    public bool AllSizes { get; private set; }

    /// <summary>References to no object of the numbering.</summary>
    public long Dropped { get; set; }

    /// <summary>Forgets what the walk read: the segment is read object by object instead.</summary>
    public void Restart()
    {
        Edges = new EdgeBuffer(ChunkBits, carveFrom);
        Sizes.Clear();
        Dropped = 0;
        AllSizes = true;
    }
}

namespace MemAnalyzer.Sql;

/// <summary>
/// The rows of one walked segment, copied out of a walk thread's <see cref="ObjectRowBuffer"/> for the reader of an
/// <see cref="ObjectRowStream"/>, each object's type as its MethodTable's address (the same in every run over the dump,
/// so that type names kept from an earlier run name the rows of this one); reused once read (its arrays are
/// large-object-heap sized, which only a full GC frees).
/// </summary>
internal sealed class ObjectRowBlock
{
    public ulong[] Addresses = [];
    public ulong[] Types = [];
    public long[] Sizes = [];
    public byte[] Generations = [];
    public bool[] Live = [];
    public long[] Retained = [];
    public ulong[] Dominators = [];
    public ulong[] Parents = [];

    public int Count { get; private set; }

    /// <summary>Takes the buffer's rows (growing the arrays when they are too short).</summary>
    /// <param name="methodTables">The MethodTable of each type index the buffer holds.</param>
    public ObjectRowBlock Fill(ObjectRowBuffer buffer, ulong[] methodTables)
    {
        Count = buffer.Count;
        if (Addresses.Length < Count)
        {
            var length = Math.Max(Count, 2 * Addresses.Length);
            (Addresses, Types, Sizes, Generations) = (new ulong[length], new ulong[length], new long[length], new byte[length]);
            (Live, Retained, Dominators, Parents) = (new bool[length], new long[length], new ulong[length], new ulong[length]);
        }
        buffer.Addresses.CopyTo(Addresses);
        var types = buffer.Types;
        for (var i = 0; i < types.Length; i++)
        {
            Types[i] = methodTables[types[i]];
        }
        buffer.Sizes.CopyTo(Sizes);
        buffer.Generations.CopyTo(Generations);
        buffer.Live.CopyTo(Live);
        buffer.Retained.CopyTo(Retained);
        buffer.Dominators.CopyTo(Dominators);
        buffer.Parents.CopyTo(Parents);
        return this;
    }
}

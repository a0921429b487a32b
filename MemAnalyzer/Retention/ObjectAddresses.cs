namespace MemAnalyzer.Retention;

/// <summary>
/// The addresses of a graph's objects, numbered 0..Count-1 in ascending address order: the address of a number, and
/// the number of an address. Kept as a sorted array (<see cref="SortedAddresses"/>) or derived from a mark bitmap with
/// no per-object storage (the live graph's numbering).
/// </summary>
public abstract class ObjectAddresses
{
    public abstract int Count { get; }

    /// <summary>The address of object number <paramref name="obj"/>.</summary>
    public abstract ulong this[int obj] { get; }

    /// <summary>The number of the object starting exactly at the address, or -1.</summary>
    public abstract int IndexOf(ulong address);

    /// <summary>Bytes this numbering keeps.</summary>
    public abstract long MemoryBytes { get; }
}

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

    /// <summary>The addresses of the objects numbered <paramref name="first"/>, <paramref name="first"/> + 1, … into every slot of <paramref name="into"/>.</summary>
    public virtual void CopyTo(int first, Span<ulong> into)
    {
        for (var i = 0; i < into.Length; i++)
        {
            into[i] = this[first + i];
        }
    }

    /// <summary>The number of the object starting exactly at the address, or -1.</summary>
    public abstract int IndexOf(ulong address);

    /// <summary>Bytes this numbering keeps.</summary>
    public abstract long MemoryBytes { get; }
}

namespace MemAnalyzer.Heap;

/// <summary>
/// What the raw segment walk (<see cref="HeapScanner"/>) does with each object of the selection besides counting it.
/// Implemented by structs, so that the walk is compiled once per use and a walk without a visitor pays nothing.
/// </summary>
internal interface IScanVisitor
{
    /// <summary>False for a visitor that does nothing: the walk then skips the call altogether.</summary>
    bool Enabled { get; }

    /// <summary>One object of the selection (free blocks excluded).</summary>
    /// <param name="flags">The MethodTable's <see cref="MethodTableInfoTable"/> flags (IsString, HasReferences).</param>
    /// <param name="size">Its size as ClrMD gives it (unaligned, at least 24 bytes).</param>
    /// <param name="available">The object's bytes from its start as far as the walk's buffer holds them; may end before the object does.</param>
    void Visit(ulong address, int index, byte flags, long size, ReadOnlySpan<byte> available);
}

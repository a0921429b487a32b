namespace MemAnalyzer.Heap;

/// <summary>
/// Where the descriptor walk of <see cref="ObjectReferences"/> reads an object's pointer fields: through an
/// <see cref="ObjectReader"/> (<see cref="ReaderPointers"/>) or from bytes a heap walk holds already (<see cref="SpanPointers"/>).
/// Implemented by structs, so that each walk is compiled with its source inlined.
/// </summary>
internal interface IObjectPointers
{
    /// <summary>The 8-byte pointer at <paramref name="offset"/> from the object's start.</summary>
    ulong PointerAt(long offset);
}

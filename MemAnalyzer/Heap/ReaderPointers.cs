namespace MemAnalyzer.Heap;

/// <summary>An object's pointers as the reader loaded them (<see cref="ObjectReader.Load"/>).</summary>
internal readonly struct ReaderPointers(ObjectReader reader) : IObjectPointers
{
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public ulong PointerAt(long offset) => reader.PointerAt(offset);
}

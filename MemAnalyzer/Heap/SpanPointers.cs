using System.Buffers.Binary;

namespace MemAnalyzer.Heap;

/// <summary>An object's pointers read from its bytes, held whole (from the object's start to at least its end).</summary>
internal readonly ref struct SpanPointers(ReadOnlySpan<byte> bytes) : IObjectPointers
{
    private readonly ReadOnlySpan<byte> _bytes = bytes;

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public ulong PointerAt(long offset) => BinaryPrimitives.ReadUInt64LittleEndian(_bytes[(int)offset..]);
}

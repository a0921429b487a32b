using System.Buffers.Binary;

namespace MemAnalyzer.Heap;

/// <summary>The GC descriptors of the types met so far, concatenated in one array that entries point into.</summary>
internal sealed class GcDescriptorStore(TargetMemory memory)
{
    private long[] _values = new long[1024];
    private int _used;

    /// <summary>The concatenated descriptors; read only the ranges that <see cref="TryRead"/> returned.</summary>
    public long[] Values => _values;

    /// <summary>
    /// Reads the GC descriptor that precedes a MethodTable in memory, exactly as ClrMD reads it for ClrType.GCDesc.
    /// Stored as: for N &gt; 0 series, N pairs (offset, size) from the highest series down (ClrMD's walk order);
    /// for a repeating descriptor (arrays of structs, -N items), the start offset, then N pairs (pointers, skip).
    /// </summary>
    public bool TryRead(ulong methodTable, out int start, out int series)
    {
        start = -1;
        series = 0;
        Span<byte> countBytes = stackalloc byte[4];
        if (memory.Read(methodTable - 8, countBytes) != 4)
        {
            return false;
        }
        var entries = BinaryPrimitives.ReadInt32LittleEndian(countBytes);
        var absolute = Math.Abs(entries);
        if (absolute > 1_000_000)
        {
            return false;
        }
        var slots = 1 + absolute * 2;
        var data = new byte[slots * 8];
        if (memory.Read(methodTable - (ulong)(slots * 8), data) != data.Length)
        {
            return false;
        }
        var numSeries = (int)BinaryPrimitives.ReadInt64LittleEndian(data.AsSpan(data.Length - 8));
        var highest = data.Length - 24;
        if (numSeries == 0)
        {
            // ClrMD's walk reads the highest series even then; there is none, so no references.
            return false;
        }
        var needed = numSeries > 0 ? numSeries * 2 : 1 + -numSeries * 2;
        EnsureCapacity(needed);
        start = _used;
        if (numSeries > 0)
        {
            var lowest = data.Length - (8 + numSeries * 16);
            for (var current = highest; current >= lowest; current -= 16)
            {
                _values[_used++] = BinaryPrimitives.ReadInt64LittleEndian(data.AsSpan(current + 8));
                _values[_used++] = BinaryPrimitives.ReadInt64LittleEndian(data.AsSpan(current));
            }
        }
        else
        {
            _values[_used++] = BinaryPrimitives.ReadInt64LittleEndian(data.AsSpan(highest + 8));
            for (var i = 0; i > numSeries; i--)
            {
                _values[_used++] = BinaryPrimitives.ReadInt32LittleEndian(data.AsSpan(highest + i * 8));
                _values[_used++] = BinaryPrimitives.ReadInt32LittleEndian(data.AsSpan(highest + i * 8 + 4));
            }
        }
        series = numSeries;
        return true;
    }

    private void EnsureCapacity(int more)
    {
        if (_used + more > _values.Length)
        {
            var grown = new long[Math.Max(_values.Length * 2, _used + more)];
            _values.AsSpan(0, _used).CopyTo(grown);
            _values = grown;
        }
    }
}

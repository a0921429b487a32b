using DuckDB.NET.Data;

namespace MemAnalyzer.Sql;

/// <summary>
/// Appends the rows of each walked segment to <c>_objects</c> (and <c>strings</c>), their columns filled by the walk
/// threads (<see cref="ObjectRowBuffer"/>): a block copy per column, and NULL where a column holds the buffer's value
/// for it. The object's MethodTable index is its type id. One walk thread's (<see cref="ObjectRowSinks"/>).
/// </summary>
internal sealed class ObjectRowSink(ChunkAppender objects, DuckDBAppender? strings) : IObjectRowTarget, IDisposable
{
    // The columns of _objects (SqlSchema.Create).
    private const int Address = 0, TypeId = 1, Size = 2, Generation = 3, Live = 4, Retained = 5, Dominator = 6, Parent = 7;

    private bool[] _seenTypes = new bool[256];

    /// <summary>The MethodTable indexes that have at least one object: the rows of the type-name table.</summary>
    public IEnumerable<int> SeenTypes => Enumerable.Range(0, _seenTypes.Length).Where(i => _seenTypes[i]);

    public void Append(ObjectRowBuffer buffer)
    {
        foreach (var type in buffer.Types)
        {
            Seen(type);
        }
        for (var start = 0; start < buffer.Count;)
        {
            var rows = Math.Min(objects.Free, buffer.Count - start);
            var first = ChunkAppender.Rows - objects.Free;
            buffer.Addresses.Slice(start, rows).CopyTo(objects.Unfilled<ulong>(Address));
            buffer.Types.Slice(start, rows).CopyTo(objects.Unfilled<int>(TypeId));
            buffer.Sizes.Slice(start, rows).CopyTo(objects.Unfilled<long>(Size));
            Copy(buffer.Generations.Slice(start, rows), Generation, first, ObjectRowBuffer.NoGeneration);
            buffer.Live.Slice(start, rows).CopyTo(objects.Unfilled<bool>(Live));
            Copy(buffer.Retained.Slice(start, rows), Retained, first, ObjectRowBuffer.NoRetained);
            Copy(buffer.Dominators.Slice(start, rows), Dominator, first, ObjectRowBuffer.NoAddress);
            Copy(buffer.Parents.Slice(start, rows), Parent, first, ObjectRowBuffer.NoAddress);
            objects.Advance(rows);
            start += rows;
        }
        if (strings is not null)
        {
            foreach (var (address, length, value) in buffer.Strings)
            {
                strings.CreateRow().AppendValue(address).AppendValue(length < 0 ? null : (int?)length).AppendValue(value).EndRow();
            }
        }
    }

    /// <summary>Copies a column's values into the current chunk from row <paramref name="first"/> on, NULL where a value is <paramref name="none"/>.</summary>
    private void Copy<T>(ReadOnlySpan<T> values, int column, int first, T none) where T : unmanaged, IEquatable<T>
    {
        values.CopyTo(objects.Unfilled<T>(column));
        for (var i = values.IndexOf(none); i >= 0;)
        {
            objects.SetNull(column, first + i);
            var next = values[(i + 1)..].IndexOf(none);
            i = next < 0 ? -1 : i + 1 + next;
        }
    }

    private void Seen(int type)
    {
        if (type >= _seenTypes.Length)
        {
            Array.Resize(ref _seenTypes, Math.Max(2 * _seenTypes.Length, type + 1));
        }
        _seenTypes[type] = true;
    }

    public void Dispose()
    {
        objects.Dispose();
        strings?.Dispose();
    }
}

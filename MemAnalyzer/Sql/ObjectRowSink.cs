using DuckDB.NET.Data;
using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Sql;

/// <summary>
/// Appends the rows of each walked segment to <c>_objects</c> (and <c>strings</c>): the object's MethodTable index as
/// its type id, its generation (<see cref="GenerationRanges"/>, the rule of -gen) and whether it is live (the -live
/// mark; objects on frozen segments are live, as -live counts them) and its live columns (<see cref="LiveColumns"/>).
/// With <paramref name="typeNames"/> (the kept database's <c>objects</c>) each row holds its type's and generation's
/// names instead, each name's UTF-8 bytes made once. Called by one walk thread at a time.
/// </summary>
internal sealed class ObjectRowSink(ChunkAppender objects, DuckDBAppender? strings, ObjectBitmap live, GenerationRanges generations, LiveColumns graph,
    Func<int, string>? typeNames = null) : IDisposable
{
    // The columns of _objects (SqlSchema.Create) and of the kept objects (SqlSchema.Kept).
    private const int Address = 0, TypeId = 1, Size = 2, Generation = 3, Live = 4, Retained = 5, Dominator = 6, Parent = 7;

    private static readonly byte[][] GenerationNames = [.. SqlSchema.Generations.Select(System.Text.Encoding.UTF8.GetBytes)];

    private bool[] _seenTypes = new bool[256];
    private byte[]?[] _names = typeNames is null ? [] : new byte[]?[256];

    /// <summary>The MethodTable indexes that have at least one object: the rows of the type-name table.</summary>
    public IEnumerable<int> SeenTypes => Enumerable.Range(0, _seenTypes.Length).Where(i => _seenTypes[i]);

    public void Append(ObjectRowBuffer buffer, bool frozen)
    {
        var addresses = buffer.Addresses;
        var types = buffer.Types;
        var sizes = buffer.Sizes;
        for (var start = 0; start < addresses.Length;)
        {
            var rows = Math.Min(objects.Free, addresses.Length - start);
            var first = ChunkAppender.Rows - objects.Free;
            addresses.Slice(start, rows).CopyTo(objects.Unfilled<ulong>(Address));
            if (typeNames is null)
            {
                types.Slice(start, rows).CopyTo(objects.Unfilled<int>(TypeId));
            }
            sizes.Slice(start, rows).CopyTo(objects.Unfilled<long>(Size));
            var generationColumn = objects.Unfilled<byte>(Generation);
            var liveColumn = objects.Unfilled<bool>(Live);
            for (var i = 0; i < rows; i++)
            {
                var address = addresses[start + i];
                var generation = frozen ? (int)HeapGeneration.Frozen : generations.Find(address).Generation;
                Seen(types[start + i]);
                if (typeNames is not null)
                {
                    objects.SetString(TypeId, first + i, _names[types[start + i]] ??= System.Text.Encoding.UTF8.GetBytes(typeNames(types[start + i])));
                }
                if (generation < 0)
                {
                    objects.SetNull(Generation, first + i);
                }
                else if (typeNames is not null)
                {
                    objects.SetString(Generation, first + i, GenerationNames[generation]);
                }
                else
                {
                    generationColumn[i] = (byte)generation;
                }
                liveColumn[i] = frozen || live.IsMarked(address);
                if (liveColumn[i])
                {
                    graph.Fill(objects, first + i, Retained, address);
                }
                else
                {
                    objects.SetNull(Retained, first + i);
                    objects.SetNull(Dominator, first + i);
                    objects.SetNull(Parent, first + i);
                }
            }
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

    private void Seen(int type)
    {
        if (type >= _seenTypes.Length)
        {
            Array.Resize(ref _seenTypes, Math.Max(2 * _seenTypes.Length, type + 1));
            if (_names.Length > 0)
            {
                Array.Resize(ref _names, _seenTypes.Length);
            }
        }
        _seenTypes[type] = true;
    }

    public void Dispose()
    {
        objects.Dispose();
        strings?.Dispose();
    }
}

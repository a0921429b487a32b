using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Objects;

/// <summary>An array: its length, for arrays of references how many slots are not null, and its first elements.</summary>
public static class ArrayContent
{
    /// <param name="entries">Also read the first <see cref="ContentView.ShownEntries"/> elements (non-null ones for references).</param>
    public static ContentView Read(ClrObject obj, ValueReader values, bool entries)
    {
        var array = obj.AsArray();
        var length = array.Length;
        var component = obj.Type!.ComponentType;
        var references = component?.IsObjectReference ?? false;
        long? nonNull = references ? NonNull(values.Heap.Runtime.DataTarget.DataReader, obj, length) : null;
        if (!entries || array.Rank != 1)
        {
            return new ContentView(ContentKind.Array, length, NonNull: nonNull);
        }
        var shown = Elements(obj, length, component, values, skipNulls: references, 0, length);
        return new ContentView(ContentKind.Array, length, NonNull: nonNull, Entries: shown);
    }

    /// <summary>Up to <see cref="ContentView.ShownEntries"/> elements at <paramref name="first"/>.. of the array (wrapping around for a queue), with their indexes in that order.</summary>
    public static IReadOnlyList<EntryView> Elements(ClrObject obj, int count, ClrType? component, ValueReader values, bool skipNulls, int first, int length)
    {
        List<EntryView> shown = [];
        var reader = values.Heap.Runtime.DataTarget.DataReader;
        for (var i = 0; i < count && shown.Count < ContentView.ShownEntries; i++)
        {
            var slot = length == 0 ? 0 : (first + i) % length;
            var address = obj.Type!.GetArrayElementAddress(obj.Address, slot);
            if (skipNulls && reader.ReadPointer(address) == 0)
            {
                continue;
            }
            shown.Add(new EntryView(i, null, values.At(address, component)));
        }
        return shown;
    }

    /// <summary>Slots that hold a reference, counted from the raw pointers (no object is read).</summary>
    private static long NonNull(IDataReader reader, ClrObject obj, int length)
    {
        if (length == 0)
        {
            return 0;
        }
        var start = obj.Type!.GetArrayElementAddress(obj.Address, 0);
        var buffer = new byte[64 * 1024];
        long count = 0;
        var size = (ulong)reader.PointerSize;
        for (ulong offset = 0, total = (ulong)length * size; offset < total; offset += (ulong)buffer.Length)
        {
            var chunk = (int)Math.Min((ulong)buffer.Length, total - offset);
            var read = reader.Read(start + offset, buffer.AsSpan(0, chunk));
            for (var b = 0; b + (int)size <= read; b += (int)size)
            {
                count += (size == 8 ? BitConverter.ToUInt64(buffer, b) : BitConverter.ToUInt32(buffer, b)) != 0 ? 1 : 0;
            }
        }
        return count;
    }
}

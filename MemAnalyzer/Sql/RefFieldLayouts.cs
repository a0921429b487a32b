using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Sql;

/// <summary>
/// The reference fields of each type for <c>refs.field</c> (<see cref="RefFields"/>), spelled as -roots' paths spell
/// a step (<see cref="FieldNames"/>): "name", "outer.inner" for a field of a struct field, "[]" for an array element,
/// "(dependent handle)"; a delegate's "_target" without its method. Each type's reference fields (offset from the
/// object's start, name id) are listed once, from ClrMD, and shared by the threads that name references. No string per
/// reference: the rows hold a name id (<see cref="Names"/>), all known once <see cref="Prepare"/> listed the fields of
/// every type met so far (every live object's, once the graph is built).
/// </summary>
internal sealed class RefFieldLayouts
{
    private readonly MethodTableInfoTable _table;
    private readonly Dictionary<string, int> _ids = new(StringComparer.Ordinal);
    private readonly List<string> _names = [];
    private RefFieldLayout?[] _layouts = new RefFieldLayout?[256];

    public RefFieldLayouts(HeapSource source)
    {
        _table = source.TableWithReferences();
        ArrayElement = Id(FieldNames.ArrayElement);
        DependentHandle = Id(FieldNames.DependentHandle);
    }

    public int ArrayElement { get; }

    public int DependentHandle { get; }

    /// <summary>The field names by id; read it while no thread names references.</summary>
    public IReadOnlyList<string> Names => _names;

    /// <summary>Lists the fields of every type the table knows; returns the count of names.</summary>
    public int Prepare()
    {
        for (var index = 0; index < _table.Count; index++)
        {
            // A type without references has no reference field; its objects' only references are dependent handles.
            if (_table.Entries[index].Type is not null && (_table.Entries[index].Flags & MethodTableInfoTable.HasReferences) != 0)
            {
                LayoutOf(index);
            }
        }
        return _names.Count;
    }

    /// <summary>The reference fields of the type at this table index (offsets, name ids), and whether it is an array.</summary>
    public RefFieldLayout LayoutOf(int index)
    {
        var layouts = Volatile.Read(ref _layouts);
        if (index < layouts.Length && layouts[index] is { } known)
        {
            return known;
        }
        lock (_table.ClrMdLock)
        {
            return Describe(index);
        }
    }

    private RefFieldLayout Describe(int index)
    {
        if (index >= _layouts.Length)
        {
            var grown = new RefFieldLayout?[Math.Max(_layouts.Length * 2, index + 1)];
            _layouts.CopyTo(grown, 0);
            Volatile.Write(ref _layouts, grown);
        }
        if (_layouts[index] is { } known)
        {
            return known;
        }
        List<(long Offset, int Name)> fields = [];
        var type = _table.TypeAt(index);
        var isArray = type.IsArray;
        if (!isArray)
        {
            Collect(type.Fields, 8, long.MaxValue, null, ReferenceSlots(_table.Entries[index]), fields, depth: 0);
        }
        var layout = new RefFieldLayout([.. fields.Select(f => f.Offset)], [.. fields.Select(f => f.Name)], isArray);
        Volatile.Write(ref _layouts[index], layout);
        return layout;
    }

    /// <summary>
    /// The reference fields of a type, and of its struct fields as "outer.inner", at their offsets from the object's
    /// start. A struct field is looked into only when the type's GC descriptor has a reference slot within it (up to
    /// the next field, or <paramref name="end"/>): ClrMD finds a struct field's type by its name, a search of every
    /// type of the heap, and most struct fields (DateTime, Guid, decimal, …) hold no reference.
    /// </summary>
    /// <param name="slots">The object's reference slots by offset, ascending; null when its descriptor is not one of fixed slots.</param>
    private void Collect(IEnumerable<ClrInstanceField> fields, long start, long end, string? prefix, long[]? slots, List<(long, int)> into, int depth)
    {
        var list = fields as IReadOnlyList<ClrInstanceField> ?? [.. fields];
        var offsets = list.Select(f => start + f.Offset).Order().ToArray();
        foreach (var field in list)
        {
            var name = prefix is null ? field.Name ?? "?" : $"{prefix}.{field.Name ?? "?"}";
            var at = start + field.Offset;
            if (field.IsObjectReference)
            {
                into.Add((at, Id(name)));
            }
            else if (field.ElementType == ClrElementType.Struct && depth < 8)
            {
                // The field ends where the next field by offset starts.
                var next = Array.BinarySearch(offsets, at + 1);
                next = next >= 0 ? next : ~next;
                var until = next < offsets.Length ? Math.Min(offsets[next], end) : end;
                if (HasSlot(slots, at, until) && field.Type is { } inner)
                {
                    Collect(inner.Fields, at, until, name, slots, into, depth + 1);
                }
            }
        }
    }

    private static bool HasSlot(long[]? slots, long start, long end)
    {
        if (slots is null)
        {
            return true;
        }
        var first = Array.BinarySearch(slots, start);
        first = first >= 0 ? first : ~first;
        return first < slots.Length && slots[first] < end;
    }

    /// <summary>The offsets of a fixed-size object's reference slots from its GC descriptor's series, or null for any other descriptor.</summary>
    private long[]? ReferenceSlots(MethodTableInfoTable.Entry entry)
    {
        if (entry.GcDescriptorSeries <= 0 || entry.ComponentSize != 0)
        {
            return (entry.Flags & MethodTableInfoTable.HasReferences) == 0 && entry.ComponentSize == 0 ? [] : null;
        }
        var gc = _table.GcDescriptors;
        List<long> slots = [];
        for (var series = 0; series < entry.GcDescriptorSeries; series++)
        {
            var offset = Math.Max(gc[entry.GcDescriptorStart + 2 * series], 0);
            var stop = Math.Min(gc[entry.GcDescriptorStart + 2 * series] + gc[entry.GcDescriptorStart + 2 * series + 1] + entry.BaseSize, entry.BaseSize);
            for (; offset < stop; offset += 8)
            {
                slots.Add(offset);
            }
        }
        slots.Sort();
        return [.. slots];
    }

    private int Id(string name)
    {
        if (!_ids.TryGetValue(name, out var id))
        {
            id = _names.Count;
            _ids.Add(name, id);
            _names.Add(name);
        }
        return id;
    }

}

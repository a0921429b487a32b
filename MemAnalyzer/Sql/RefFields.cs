using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Sql;

/// <summary>
/// Names the field of each reference for <c>refs.field</c>, spelled as -roots' paths spell a step
/// (<see cref="FieldNames"/>): "name", "outer.inner" for a field of a struct field, "[]" for an array element,
/// "(dependent handle)"; a delegate's "_target" without its method. Each type's reference fields (offset from the
/// object's start, name id) are listed once, from ClrMD; per object, those slots are read from memory and matched, by
/// value and in order, with the graph's references. No string per reference: the rows hold a name id (<see cref="Names"/>).
/// </summary>
internal sealed class RefFields
{
    private const int Unknown = -1;
    private readonly MethodTableInfoTable _table;
    private readonly ObjectReader _reader;
    private readonly DependentHandles _dependents;
    private readonly Dictionary<string, int> _ids = new(StringComparer.Ordinal);
    private readonly List<string> _names = [];
    private readonly int _arrayElement;
    private readonly int _dependentHandle;
    private (long[] Offsets, int[] Names, bool IsArray)?[] _layouts = new (long[], int[], bool)?[256];
    private ulong[] _slots = new ulong[64];
    private int[] _slotNames = new int[64];
    private int _count;

    public RefFields(HeapSource source)
    {
        _table = source.TableWithReferences();
        _reader = new ObjectReader(HeapBlockCache.For(source.Heap, source.Memory), source.Memory);
        _dependents = DependentHandles.Of(source.Heap);
        _arrayElement = Id(FieldNames.ArrayElement);
        _dependentHandle = Id(FieldNames.DependentHandle);
    }

    /// <summary>The field names by id.</summary>
    public IReadOnlyList<string> Names => _names;

    /// <summary>Fills <paramref name="ids"/>[i] with the name id of the reference of the object at <paramref name="address"/> to
    /// <paramref name="targets"/>[i] (its references in the graph's order), -1 when unknown.</summary>
    public void Name(ulong address, ReadOnlySpan<ulong> targets, Span<int> ids)
    {
        ids.Fill(Unknown);
        _count = 0;
        if (!_dependents.IsEmpty && _dependents.IsPrimary(address))
        {
            var visitor = new SlotVisitor(this, _dependentHandle);
            _dependents.VisitTargetsOf(address, ref visitor);
        }
        if (!_reader.TryReadHeader(address, out var methodTable, out var length) || _table.Find(methodTable & ~1UL) is not (var index and >= 0))
        {
            Match(targets, ids);
            return;
        }
        var layout = LayoutOf(index);
        if (layout.Offsets.Length > 0 && _table.Entries[index].SizeOf(length) is var size and <= int.MaxValue && _reader.Load(address, (int)size))
        {
            for (var i = 0; i < layout.Offsets.Length; i++)
            {
                if (layout.Offsets[i] + 8 <= (long)size)
                {
                    Add(_reader.PointerAt(layout.Offsets[i]), layout.Names[i]);
                }
            }
        }
        Match(targets, ids);
        if (layout.IsArray)
        {
            foreach (ref var id in ids)
            {
                id = id == Unknown ? _arrayElement : id;
            }
        }
    }

    /// <summary>Each reference takes the first unused slot holding its target, looked for from after the last match: linear when both are in order.</summary>
    private void Match(ReadOnlySpan<ulong> targets, Span<int> ids)
    {
        var cursor = 0;
        for (var r = 0; r < targets.Length && _count > 0; r++)
        {
            var target = targets[r];
            for (var step = 0; step < _count; step++)
            {
                var slot = (cursor + step) % _count;
                if (_slots[slot] == target)
                {
                    ids[r] = _slotNames[slot];
                    _slots[slot] = 0;
                    cursor = slot + 1;
                    break;
                }
            }
        }
    }

    private void Add(ulong value, int name)
    {
        if (value == 0)
        {
            return;
        }
        if (_count == _slots.Length)
        {
            Array.Resize(ref _slots, _count * 2);
            Array.Resize(ref _slotNames, _count * 2);
        }
        _slots[_count] = value;
        _slotNames[_count++] = name;
    }

    private (long[] Offsets, int[] Names, bool IsArray) LayoutOf(int index)
    {
        if (index >= _layouts.Length)
        {
            Array.Resize(ref _layouts, Math.Max(_layouts.Length * 2, index + 1));
        }
        if (_layouts[index] is { } known)
        {
            return known;
        }
        List<(long Offset, int Name)> fields = [];
        bool isArray;
        lock (_table.ClrMdLock)
        {
            var type = _table.TypeAt(index);
            isArray = type.IsArray;
            if (!isArray)
            {
                Collect(type.Fields, 8, long.MaxValue, null, ReferenceSlots(_table.Entries[index]), fields, depth: 0);
            }
        }
        (long[] Offsets, int[] Names, bool IsArray) layout = ([.. fields.Select(f => f.Offset)], [.. fields.Select(f => f.Name)], isArray);
        _layouts[index] = layout;
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

    private readonly struct SlotVisitor(RefFields fields, int name) : IReferenceVisitor
    {
        public void Visit(ulong target) => fields.Add(target, name);
    }
}

using MemAnalyzer.Heap;

namespace MemAnalyzer.Sql;

/// <summary>
/// Names the field of each reference for <c>refs.field</c>, one thread's worth: per object, the slots of its type's
/// reference fields (<see cref="RefFieldLayouts"/>, shared) are read from memory and matched, by value and in order,
/// with the graph's references.
/// </summary>
internal sealed class RefFields
{
    private const int Unknown = -1;
    private readonly MethodTableInfoTable _table;
    private readonly ObjectReader _reader;
    private readonly DependentHandles _dependents;
    private readonly RefFieldLayouts _layouts;
    private ulong[] _slots = new ulong[64];
    private int[] _slotNames = new int[64];
    private int _count;

    /// <param name="dependents">The heap's dependent handles (<see cref="DependentHandles.Of"/>: asked of ClrMD once, not per thread).</param>
    public RefFields(HeapSource source, RefFieldLayouts layouts, DependentHandles dependents)
    {
        _table = source.TableWithReferences();
        _reader = new ObjectReader(HeapBlockCache.For(source.Heap, source.Memory), source.Memory);
        (_layouts, _dependents) = (layouts, dependents);
    }

    /// <summary>Fills <paramref name="ids"/>[i] with the name id of the reference of the object at <paramref name="address"/> to
    /// <paramref name="targets"/>[i] (its references in the graph's order), -1 when unknown.</summary>
    public void Name(ulong address, ReadOnlySpan<ulong> targets, Span<int> ids)
    {
        ids.Fill(Unknown);
        _count = 0;
        if (!_dependents.IsEmpty && _dependents.IsPrimary(address))
        {
            var visitor = new SlotVisitor(this, _layouts.DependentHandle);
            _dependents.VisitTargetsOf(address, ref visitor);
        }
        if (!_reader.TryReadHeader(address, out var methodTable, out var length) || _table.Find(methodTable & ~1UL) is not (var index and >= 0))
        {
            Match(targets, ids);
            return;
        }
        var layout = _layouts.LayoutOf(index);
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
                id = id == Unknown ? _layouts.ArrayElement : id;
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

    private readonly struct SlotVisitor(RefFields fields, int name) : IReferenceVisitor
    {
        public void Visit(ulong target) => fields.Add(target, name);
    }
}

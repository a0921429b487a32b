using System.Buffers.Binary;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// Names the slots of the runtime's statics tables (.NET 9 and later: pinned Object[]s whose slots hold the static
/// reference fields of types) that belong to types ClrMD does not list, the closed generic instantiations
/// (GenericHolder&lt;TempWork&gt;, List&lt;TempWork&gt;): a module lists only its type definitions.
/// Every type with statics has a DynamicStaticsInfo in the runtime's loader heaps: a pointer to its GC statics (the
/// low bit set while the class is not initialized), one to its other statics, then its MethodTable. The loader heaps
/// are read once, in blocks; a pointer into a statics table followed two pointers later by a MethodTable that the
/// runtime knows names that type, and the type's static fields give each slot its name.
/// </summary>
internal static class GenericStatics
{
    private const int Block = 1 << 16;

    /// <summary>
    /// Per slot address in <paramref name="tables"/> (each an Object[]'s address and its length) of a static field
    /// (a reference, or a boxed struct), "static Type.field" (non-generic types' too: the caller names those the same way, and the same root twice is one).
    /// </summary>
    public static Dictionary<ulong, string> Name(ClrRuntime runtime, IReadOnlyList<(ulong Address, int Length)> tables, DacCallWatch? dacCalls)
    {
        var names = new Dictionary<ulong, string>();
        if (tables.Count == 0 || runtime.DataTarget.DataReader.PointerSize != 8)
        {
            return names;
        }
        // The slots of a table start after its header (method table) and length: 16 bytes on 64-bit.
        var ranges = tables.Select(t => (Start: t.Address + 16, End: t.Address + 16 + (8UL * (ulong)t.Length))).OrderBy(r => r.Start).ToArray();
        var reader = runtime.DataTarget.DataReader;
        var buffer = new byte[Block + 16];
        var seen = new HashSet<ulong>();
        foreach (var heap in runtime.EnumerateClrNativeHeaps())
        {
            if (heap.Kind is not (NativeHeapKind.HighFrequencyHeap or NativeHeapKind.LowFrequencyHeap))
            {
                continue;
            }
            for (var at = heap.MemoryRange.Start; at < heap.MemoryRange.End; at += Block)
            {
                var wanted = (int)Math.Min((ulong)buffer.Length, heap.MemoryRange.End - at);
                var read = reader.Read(at, buffer.AsSpan(0, wanted)) & ~7;
                for (var offset = 0; offset + 24 <= read && offset < Block; offset += 8)
                {
                    var statics = BinaryPrimitives.ReadUInt64LittleEndian(buffer.AsSpan(offset)) & ~1UL;
                    if (!Inside(ranges, statics))
                    {
                        continue;
                    }
                    var methodTable = BinaryPrimitives.ReadUInt64LittleEndian(buffer.AsSpan(offset + 16));
                    if (methodTable != 0 && seen.Add(methodTable))
                    {
                        AddFields(runtime, methodTable, ranges, names, dacCalls);
                    }
                }
            }
        }
        return names;
    }

    private static void AddFields(ClrRuntime runtime, ulong methodTable, (ulong Start, ulong End)[] ranges, Dictionary<ulong, string> names, DacCallWatch? dacCalls)
    {
        var type = runtime.GetTypeByMethodTable(methodTable);
        if (type?.Name is null)
        {
            return;
        }
        System.Collections.Immutable.ImmutableArray<ClrStaticField> statics;
        using (dacCalls?.FieldsOf(methodTable))
        {
            statics = type.StaticFields;
        }
        foreach (var field in statics)
        {
            // A struct static is boxed: its slot holds the box as a reference field's holds the object.
            if (!field.IsObjectReference && field.Type is not { IsValueType: true, IsPrimitive: false, IsEnum: false })
            {
                continue;
            }
            foreach (var domain in runtime.AppDomains)
            {
                var slot = field.GetAddress(domain);
                if (Inside(ranges, slot))
                {
                    names.TryAdd(slot, $"static {type.Name}.{field.Name}");
                }
            }
        }
    }

    private static bool Inside((ulong Start, ulong End)[] ranges, ulong address)
    {
        foreach (var (start, end) in ranges)
        {
            if (address >= start && address < end)
            {
                return (address & 7) == 0;
            }
        }
        return false;
    }
}

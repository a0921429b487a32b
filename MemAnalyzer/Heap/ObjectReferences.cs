using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// The references an object holds, read from raw memory through its type's GC descriptor (as ClrMD's GCDesc does,
/// without an iterator per object), dependent-handle targets first as in ClrMD. An object whose type or memory the
/// raw path cannot read goes through ClrMD's EnumerateReferenceAddresses instead.
/// </summary>
internal static class ObjectReferences
{
    /// <summary>What <see cref="TryVisit"/> did with an object.</summary>
    public enum Outcome
    {
        /// <summary>Every reference was visited.</summary>
        Visited,

        /// <summary>Nothing was visited: the raw path cannot read the object; use <see cref="VisitThroughClrMd"/>.</summary>
        NeedsClrMd,

        /// <summary>An array of more references than the slice: its dependent-handle targets were visited, its elements are left to <see cref="VisitSlice"/>.</summary>
        LargeArray,
    }

    /// <summary>The raw path. <paramref name="sliceAbove"/>: arrays of more references than this are left to <see cref="VisitSlice"/>.</summary>
    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    public static Outcome TryVisit<TVisitor>(ulong address, MethodTableInfoTable table, ObjectReader reader, DependentHandles dependents, ref TVisitor visitor,
        long sliceAbove = long.MaxValue)
        where TVisitor : struct, IReferenceVisitor
    {
        if (!reader.TryReadHeader(address, out var methodTable, out var length))
        {
            return Outcome.NeedsClrMd;
        }
        var index = table.Find(methodTable & ~1UL);
        if (index < 0)
        {
            return Outcome.NeedsClrMd;
        }
        var entry = table.Entries[index];
        if (IsReferenceArray(entry) && length > sliceAbove)
        {
            if (!dependents.IsEmpty)
            {
                dependents.VisitTargetsOf(address, ref visitor);
            }
            return Outcome.LargeArray;
        }
        var size = ReferenceBytes(entry, length);
        if (size > 0 && !reader.Load(address, (int)size))
        {
            return Outcome.NeedsClrMd;
        }
        if (!dependents.IsEmpty)
        {
            dependents.VisitTargetsOf(address, ref visitor);
        }
        if (size > 0)
        {
            VisitDescriptor(entry, table.GcDescriptors, (long)size, new ReaderPointers(reader), ref visitor);
        }
        return Outcome.Visited;
    }

    /// <summary>
    /// <see cref="TryVisit"/> of an object whose bytes a heap walk holds already (<paramref name="bytes"/>, from its
    /// start): the same references in the same order, no read. False, with nothing visited, when the bytes end before
    /// the references do (the caller then uses <see cref="TryVisit"/>).
    /// </summary>
    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    public static bool TryVisitHeld<TVisitor>(ulong address, in MethodTableInfoTable.Entry entry, uint length, ReadOnlySpan<byte> bytes, long[] gcDescriptors,
        DependentHandles dependents, ref TVisitor visitor)
        where TVisitor : struct, IReferenceVisitor
    {
        var size = ReferenceBytes(entry, length);
        if (size > (ulong)bytes.Length)
        {
            return false;
        }
        if (!dependents.IsEmpty)
        {
            dependents.VisitTargetsOf(address, ref visitor);
        }
        if (size > 0)
        {
            VisitDescriptor(entry, gcDescriptors, (long)size, new SpanPointers(bytes), ref visitor);
        }
        return true;
    }

    /// <summary>The bytes of an object the descriptor walk reads: its size, or 0 without references (or with an absurd size, for which ClrMD yields none).</summary>
    private static ulong ReferenceBytes(in MethodTableInfoTable.Entry entry, uint length)
    {
        if ((entry.Flags & MethodTableInfoTable.HasReferences) == 0)
        {
            return 0;
        }
        var size = entry.SizeOf(length);
        return size > int.MaxValue ? 0 : size;
    }

    /// <summary>The pointers of an object's GC descriptor, in its order.</summary>
    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    private static void VisitDescriptor<TVisitor, TPointers>(in MethodTableInfoTable.Entry entry, long[] gc, long objectSize, TPointers pointers, ref TVisitor visitor)
        where TVisitor : struct, IReferenceVisitor
        where TPointers : IObjectPointers, allows ref struct
    {
        var start = entry.GcDescriptorStart;
        // A descriptor never points outside its object: a damaged one (read from a damaged dump) is held to the object's
        // bytes, so that a flipped bit in a series' size cannot make one object billions of reads.
        if (entry.GcDescriptorSeries > 0)
        {
            for (var series = 0; series < entry.GcDescriptorSeries; series++)
            {
                var offset = Math.Max(gc[start + 2 * series], 0);
                var stop = Math.Min(gc[start + 2 * series] + gc[start + 2 * series + 1] + objectSize, objectSize);
                for (; offset < stop; offset += 8)
                {
                    visitor.Visit(pointers.PointerAt(offset));
                }
            }
            return;
        }
        var at = gc[start];
        var items = -entry.GcDescriptorSeries;
        while (at < objectSize - 8)
        {
            for (var item = 0; item < items; item++)
            {
                var count = gc[start + 1 + 2 * item];
                var skip = gc[start + 2 + 2 * item];
                if (at < 0 || skip < 0)
                {
                    // Damaged: it would never reach the object's end.
                    return;
                }
                var stop = Math.Min(at + count * 8, objectSize);
                do
                {
                    visitor.Visit(pointers.PointerAt(at));
                    at += 8;
                }
                while (at < stop);
                at += skip;
            }
        }
    }

    /// <summary>
    /// Elements [<paramref name="first"/>, first + <paramref name="count"/>) of an array that <see cref="TryVisit"/> left
    /// as <see cref="Outcome.LargeArray"/>. Returns the next element to visit, or -1 when the array is done; -2 if its
    /// memory cannot be read (the caller then visits the whole array through ClrMD).
    /// </summary>
    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    public static long VisitSlice<TVisitor>(ulong address, long first, int count, MethodTableInfoTable table, ObjectReader reader, ref TVisitor visitor)
        where TVisitor : struct, IReferenceVisitor
    {
        if (!reader.TryReadHeader(address, out var methodTable, out var length) || table.Find(methodTable & ~1UL) is not (var index and >= 0)
            || !IsReferenceArray(table.Entries[index]))
        {
            return -2;
        }
        var entry = table.Entries[index];
        var size = (long)length * 8 + entry.BaseSize;
        var firstOffset = table.GcDescriptors[entry.GcDescriptorStart];
        var end = Math.Min(length, first + count);
        // Only this slice's elements are read (each slice used to read the array's first megabyte and then its own).
        if (end > first && !reader.LoadRange(address, size, firstOffset + (first * 8), (int)((end - first) * 8)))
        {
            return -2;
        }
        for (var element = first; element < end; element++)
        {
            visitor.Visit(reader.PointerAt(firstOffset + (element * 8)));
        }
        return end < length ? end : -1;
    }

    /// <summary>An array of object references: 8-byte elements, one GC series over all of them.</summary>
    private static bool IsReferenceArray(in MethodTableInfoTable.Entry entry) =>
        entry.ComponentSize == 8 && entry.GcDescriptorSeries == 1 && (entry.Flags & (MethodTableInfoTable.HasReferences | MethodTableInfoTable.IsString)) == MethodTableInfoTable.HasReferences;

    /// <summary>The references of an object the raw path cannot read, as ClrMD sees them (dependent handles included).</summary>
    public static void VisitThroughClrMd<TVisitor>(ClrHeap heap, ulong address, ref TVisitor visitor)
        where TVisitor : struct, IReferenceVisitor
    {
        var type = heap.GetObjectType(address);
        // No ContainsPointers shortcut: a pointer-free object can still be the primary of a dependent handle.
        if (type is null)
        {
            return;
        }
        foreach (var child in heap.GetObject(address, type).EnumerateReferenceAddresses(carefully: false, considerDependantHandles: true))
        {
            visitor.Visit(child);
        }
    }
}

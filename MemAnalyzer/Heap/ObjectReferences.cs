using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// The references an object holds, read from raw memory through its type's GC descriptor (as ClrMD's GCDesc does,
/// without an iterator per object), dependent-handle targets first as in ClrMD. An object whose type or memory the
/// raw path cannot read goes through ClrMD's EnumerateReferenceAddresses instead.
/// </summary>
internal static class ObjectReferences
{
    /// <summary>The raw path. False (before anything was visited) if the object must go through <see cref="VisitThroughClrMd"/>.</summary>
    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    public static bool TryVisit<TVisitor>(ulong address, MethodTableInfoTable table, ObjectReader reader, DependentHandles dependents, ref TVisitor visitor)
        where TVisitor : struct, IReferenceVisitor
    {
        if (!reader.TryReadHeader(address, out var methodTable, out var length))
        {
            return false;
        }
        var index = table.Find(methodTable & ~1UL);
        if (index < 0)
        {
            return false;
        }
        var entry = table.Entries[index];
        ulong size = 0;
        if ((entry.Flags & MethodTableInfoTable.HasReferences) != 0)
        {
            size = entry.BaseSize;
            if (entry.ComponentSize != 0)
            {
                ulong count = length;
                if ((entry.Flags & MethodTableInfoTable.IsString) != 0)
                {
                    count++;
                }
                size = count * entry.ComponentSize + entry.BaseSize;
            }
            if (size < HeapScanner.MinObjectSize)
            {
                size = HeapScanner.MinObjectSize;
            }
            // ClrMD yields no references for an absurd size; neither do we.
            if (size > int.MaxValue)
            {
                size = 0;
            }
            else if (!reader.Load(address, (int)size))
            {
                return false;
            }
        }

        if (!dependents.IsEmpty)
        {
            dependents.VisitTargetsOf(address, ref visitor);
        }
        if (size == 0)
        {
            return true;
        }
        var gc = table.GcDescriptors;
        var start = entry.GcDescriptorStart;
        var objectSize = (long)size;
        if (entry.GcDescriptorSeries > 0)
        {
            for (var series = 0; series < entry.GcDescriptorSeries; series++)
            {
                var offset = gc[start + 2 * series];
                var stop = offset + gc[start + 2 * series + 1] + objectSize;
                for (; offset < stop; offset += 8)
                {
                    visitor.Visit(reader.PointerAt(offset));
                }
            }
        }
        else
        {
            var offset = gc[start];
            var items = -entry.GcDescriptorSeries;
            while (offset < objectSize - 8)
            {
                for (var item = 0; item < items; item++)
                {
                    var pointers = gc[start + 1 + 2 * item];
                    var skip = gc[start + 2 + 2 * item];
                    var stop = offset + pointers * 8;
                    do
                    {
                        visitor.Visit(reader.PointerAt(offset));
                        offset += 8;
                    }
                    while (offset < stop);
                    offset += skip;
                }
            }
        }
        return true;
    }

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

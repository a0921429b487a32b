namespace MemAnalyzer.Heap;

/// <summary>Marks each reference in the bitmap and queues the newly marked ones for their own references.</summary>
internal readonly struct MarkVisitor(ObjectBitmap marks, AddressStack pending, bool atomic) : IReferenceVisitor
{
    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    public void Visit(ulong target)
    {
        if (target != 0 && (atomic ? marks.TryMarkAtomic(target) : marks.TryMark(target)))
        {
            pending.Push(target);
        }
    }
}

namespace MemAnalyzer.Heap;

/// <summary>Each reference of the object being read becomes an edge of its part, as the object number it points to.</summary>
internal readonly struct PartEdgeVisitor(MarkedObjectNumbers numbering, GraphPart part) : IReferenceVisitor
{
    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    public void Visit(ulong target)
    {
        if (target == 0)
        {
            return;
        }
        if (numbering.IndexOf(target) is var number and >= 0)
        {
            part.Edges.Add(number);
        }
        else
        {
            part.Dropped++;
        }
    }
}

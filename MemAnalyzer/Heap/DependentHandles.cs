using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// The dependent handles of a heap as (primary, secondary) pairs sorted by primary: the secondary lives while the
/// primary does, so each pair is an edge of the object graph (ConditionalWeakTable values hang on these).
/// </summary>
internal sealed class DependentHandles
{
    private readonly (ulong Source, ulong Target)[] _sorted;

    private DependentHandles((ulong Source, ulong Target)[] sorted) => _sorted = sorted;

    public static DependentHandles Of(ClrHeap heap) => new(
        [.. heap.Runtime.EnumerateHandles()
            .Where(h => h.HandleKind == ClrHandleKind.Dependent && h.Object.Address != 0)
            .Select(h => (h.Object.Address, h.Dependent.Address))
            .OrderBy(p => p.Item1)]);

    public bool IsEmpty => _sorted.Length == 0;

    /// <summary>True when <paramref name="source"/> is the primary of a dependent handle.</summary>
    public bool IsPrimary(ulong source)
    {
        var at = FirstAtOrAfter(source);
        return at < _sorted.Length && _sorted[at].Source == source;
    }

    /// <summary>Visits the secondaries whose primary is <paramref name="source"/>.</summary>
    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    public void VisitTargetsOf<TVisitor>(ulong source, ref TVisitor visitor)
        where TVisitor : struct, IReferenceVisitor
    {
        for (var at = FirstAtOrAfter(source); at < _sorted.Length && _sorted[at].Source == source; at++)
        {
            visitor.Visit(_sorted[at].Target);
        }
    }

    private int FirstAtOrAfter(ulong source)
    {
        int low = 0, high = _sorted.Length;
        while (low < high)
        {
            var middle = (low + high) >>> 1;
            if (_sorted[middle].Source < source)
            {
                low = middle + 1;
            }
            else
            {
                high = middle;
            }
        }
        return low;
    }
}

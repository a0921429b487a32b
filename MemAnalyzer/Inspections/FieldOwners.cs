using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Inspections;

/// <summary>
/// The fields that hold the big delegates and the backlogs' queues: "OwnerType.field" of the first live object (lowest
/// address) whose field holds one (<see cref="FieldOwnerSearch"/>), else "static Type.field". One more walk of the live
/// objects for both, only when there is something to name.
/// </summary>
internal static class FieldOwners
{
    public static Dictionary<ulong, string> Find(HeapSource source, ObjectBitmap live, IReadOnlySet<ulong> delegates, IReadOnlySet<ulong> others, CancellationToken cancellation)
    {
        if (delegates.Count == 0 && others.Count == 0)
        {
            return [];
        }
        var search = new FieldOwnerSearch(source.Table, delegates, others);
        var pass = new FieldOwnerPass(search, source.Memory);
        ObjectScan.Run(source, ObjectSelection.Live, live, ref pass, threads: 1, cancellation);
        StaticFieldOwners.Add(source.Heap, new HashSet<ulong>(delegates.Concat(others)), search.Owners, cancellation);
        return search.Owners;
    }
}

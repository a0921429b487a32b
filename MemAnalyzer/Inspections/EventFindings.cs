using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Objects;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Inspections;

/// <summary>
/// Delegates with at least <see cref="InspectionOptions.MinHandlers"/> handlers (a multicast delegate's invocation
/// list), each with the instance field that holds it (an event's backing field has the event's name), else the static
/// field (<c>static Bus.Changed</c>), and its handler methods, as -objects resolves them.
/// </summary>
internal static class EventFindings
{
    /// <summary>The type of a row whose delegate no field holds (no instance field of a live object, no static field).</summary>
    public const string NoOwner = "(no field: a local or a collection holds it)";

    public static IEnumerable<Finding> Find(HeapSource source, ObjectBitmap live, InspectionCandidates candidates, int minHandlers, MethodResolver methods, CancellationToken cancellation)
    {
        var heap = source.Heap;
        var big = new Dictionary<ulong, ClrObject>();
        foreach (var address in candidates.Delegates)
        {
            var obj = heap.GetObject(address);
            if (obj.Type?.GetFieldByName("_invocationCount") is null || obj.ReadField<nint>("_invocationCount") < minHandlers)
            {
                continue;
            }
            var list = obj.ReadReference("_invocationList");
            if (!list.IsNull && list.Type is { IsArray: true })
            {
                big[address] = obj;
            }
        }
        if (big.Count == 0)
        {
            return [];
        }
        var owners = Owners(source, live, big, cancellation);
        StaticEventOwners.Add(heap, big, owners, cancellation);
        return [.. big.Values.Select(obj => Row(obj, owners.GetValueOrDefault(obj.Address) ?? NoOwner, methods))
            .OrderByDescending(f => f.Count).ThenBy(f => f.Type, StringComparer.Ordinal).ThenBy(f => f.Example)];
    }

    private static Finding Row(ClrObject obj, string owner, MethodResolver methods)
    {
        var content = DelegateContent.Read(obj, null, entries: false, methods);
        var handlers = DelegateContent.Handlers(obj).ToList();
        var bytes = (long)obj.Size + (long)obj.ReadReference("_invocationList").Size + handlers.Sum(h => (long)h.Size);
        var perMethod = (content.Methods ?? []).Select(m => (MethodText.Of(m.Method), m.Count)).ToList();
        return new Finding(InspectionNames.Events, owner, MethodText.Counts(perMethod), content.Count ?? handlers.Count, bytes, obj.Address);
    }

    /// <summary>
    /// For each big delegate, "OwnerType.field" of the first live object (lowest address) whose delegate-typed field holds
    /// it: one more walk of the live objects (<see cref="DelegateOwnerPass"/>), only when some delegate is big.
    /// </summary>
    private static Dictionary<ulong, string> Owners(HeapSource source, ObjectBitmap live, Dictionary<ulong, ClrObject> big, CancellationToken cancellation)
    {
        var search = new DelegateOwnerSearch(source.Table, big.Keys.ToHashSet());
        var pass = new DelegateOwnerPass(search, source.Memory);
        ObjectScan.Run(source, ObjectSelection.Live, live, ref pass, threads: 1, cancellation);
        return search.Owners;
    }
}

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

    /// <summary>The delegates with at least <paramref name="minHandlers"/> handlers, by address.</summary>
    public static Dictionary<ulong, ClrObject> Big(ClrHeap heap, InspectionCandidates candidates, int minHandlers)
    {
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
        return big;
    }

    /// <summary>A row per big delegate, its type the field that holds it (<see cref="FieldOwners"/>).</summary>
    public static IEnumerable<Finding> Rows(Dictionary<ulong, ClrObject> big, IReadOnlyDictionary<ulong, string> owners, MethodResolver methods) =>
        [.. big.Values.Select(obj => Row(obj, owners.GetValueOrDefault(obj.Address) ?? NoOwner, methods))
            .OrderByDescending(f => f.Count).ThenBy(f => f.Type, StringComparer.Ordinal).ThenBy(f => f.Example)];

    private static Finding Row(ClrObject obj, string owner, MethodResolver methods)
    {
        var content = DelegateContent.Read(obj, null, entries: false, methods);
        var handlers = DelegateContent.Handlers(obj).ToList();
        var bytes = (long)obj.Size + (long)obj.ReadReference("_invocationList").Size + handlers.Sum(h => (long)h.Size);
        var perMethod = (content.Methods ?? []).Select(m => (MethodText.Of(m.Method), m.Count)).ToList();
        return new Finding(InspectionNames.Events, owner, MethodText.Counts(perMethod), content.Count ?? handlers.Count, bytes, obj.Address);
    }
}

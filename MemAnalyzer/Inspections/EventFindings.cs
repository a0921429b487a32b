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

    public static IEnumerable<Finding> Find(ClrHeap heap, InspectionCandidates candidates, int minHandlers, MethodResolver methods, CancellationToken cancellation)
    {
        var big = new Dictionary<ulong, ClrObject>();
        foreach (var address in candidates.Delegates)
        {
            var obj = heap.GetObject(address);
            if (obj.Type?.GetFieldByName("_invocationCount") is null || obj.ReadField<nint>("_invocationCount") < minHandlers)
            {
                continue;
            }
            var list = obj.ReadObjectField("_invocationList");
            if (!list.IsNull && list.Type is { IsArray: true })
            {
                big[address] = obj;
            }
        }
        if (big.Count == 0)
        {
            return [];
        }
        var owners = Owners(heap, candidates, big, cancellation);
        StaticEventOwners.Add(heap, big, owners, cancellation);
        return [.. big.Values.Select(obj => Row(obj, owners.GetValueOrDefault(obj.Address) ?? NoOwner, methods))
            .OrderByDescending(f => f.Count).ThenBy(f => f.Type, StringComparer.Ordinal).ThenBy(f => f.Example)];
    }

    private static Finding Row(ClrObject obj, string owner, MethodResolver methods)
    {
        var content = DelegateContent.Read(obj, null, entries: false, methods);
        var handlers = DelegateContent.Handlers(obj).ToList();
        var bytes = (long)obj.Size + (long)obj.ReadObjectField("_invocationList").Size + handlers.Sum(h => (long)h.Size);
        var perMethod = (content.Methods ?? []).Select(m => (MethodText.Of(m.Method), m.Count)).ToList();
        return new Finding(InspectionNames.Events, owner, MethodText.Counts(perMethod), content.Count ?? handlers.Count, bytes, obj.Address);
    }

    /// <summary>For each big delegate, "OwnerType.field" of the first live object (lowest address) whose delegate-typed field holds it.</summary>
    private static Dictionary<ulong, string> Owners(ClrHeap heap, InspectionCandidates candidates, Dictionary<ulong, ClrObject> big, CancellationToken cancellation)
    {
        var owners = new Dictionary<ulong, string>();
        var fields = new Dictionary<ulong, IReadOnlyList<ClrInstanceField>>();
        foreach (var address in candidates.DelegateOwners)
        {
            cancellation.ThrowIfCancellationRequested();
            var obj = heap.GetObject(address);
            if (obj.Type is not { } type)
            {
                continue;
            }
            if (!fields.TryGetValue(type.MethodTable, out var delegateFields))
            {
                fields[type.MethodTable] = delegateFields = CandidateKinds.DelegateFields(type);
            }
            foreach (var field in delegateFields)
            {
                var value = field.ReadObject(address, interior: false).Address;
                if (value != 0 && big.ContainsKey(value) && !owners.ContainsKey(value))
                {
                    owners[value] = $"{Retention.ShortTypeNames.Of(type.Name ?? "?")}.{field.Name}";
                }
            }
        }
        return owners;
    }
}

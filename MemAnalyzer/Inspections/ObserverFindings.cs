using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Inspections;

/// <summary>
/// Rx subjects (System.Reactive's Subject&lt;T&gt;) with at least <see cref="InspectionOptions.MinHandlers"/> observers:
/// a subscription that is never disposed stays in the subject's observer array (SubjectDisposable[]) with its observer
/// and what the observer's callbacks capture, as a handler stays in an event. A row per subject, its type the field
/// that holds the subject (<see cref="FieldOwners"/>); its bytes are the subject's own (the object, the observer array
/// and the subscriptions), not the observers', and its detail counts the observers by type.
/// </summary>
internal static class ObserverFindings
{
    /// <summary>The subjects with at least <paramref name="minObservers"/> observers, by address, with their observer array.</summary>
    public static Dictionary<ulong, ClrArray> Big(ClrHeap heap, InspectionCandidates candidates, int minObservers)
    {
        var big = new Dictionary<ulong, ClrArray>();
        foreach (var address in candidates.Subjects)
        {
            var subject = heap.GetObject(address);
            if (subject.Type?.GetFieldByName("_observers") is not { IsObjectReference: true })
            {
                continue;
            }
            var observers = subject.ReadReference("_observers");
            if (!observers.IsNull && observers.IsArray && observers.AsArray().Length >= minObservers)
            {
                big[address] = observers.AsArray();
            }
        }
        return big;
    }

    /// <summary>A row per big subject: its owning field, its observers' count by type, its own bytes.</summary>
    public static IEnumerable<Finding> Rows(ClrHeap heap, Dictionary<ulong, ClrArray> big, IReadOnlyDictionary<ulong, string> owners, CancellationToken cancellation) =>
        [.. big.Select(pair => Row(heap, pair.Key, pair.Value, owners.GetValueOrDefault(pair.Key) ?? EventFindings.NoOwner, cancellation))
            .OrderByDescending(f => f.Count).ThenBy(f => f.Type, StringComparer.Ordinal).ThenBy(f => f.Example)];

    private static Finding Row(ClrHeap heap, ulong address, ClrArray observers, string owner, CancellationToken cancellation)
    {
        var bytes = (long)heap.GetObject(address).Size + (long)heap.GetObject(observers.Address).Size;
        var byType = new Dictionary<string, long>(StringComparer.Ordinal);
        long count = 0;
        for (var i = 0; i < observers.Length; i++)
        {
            cancellation.ThrowIfCancellationRequested();
            var subscription = observers.GetObjectValue(i);
            if (subscription.IsNull)
            {
                continue;
            }
            count++;
            bytes += (long)subscription.Size;
            var observer = subscription.Type?.GetFieldByName("_observer") is { IsObjectReference: true } ? subscription.ReadReference("_observer") : default;
            var name = observer.IsNull ? "(disposed)" : Retention.ShortTypeNames.Of(observer.Type?.Name ?? "?");
            byType[name] = byType.GetValueOrDefault(name) + 1;
        }
        var subjectType = Retention.ShortTypeNames.Of(heap.GetObjectType(address)?.Name ?? "?");
        var types = string.Join(", ", byType.OrderByDescending(t => t.Value).ThenBy(t => t.Key, StringComparer.Ordinal).Take(3).Select(t => $"{t.Key} {t.Value:N0}"));
        return new Finding(InspectionNames.Observers, owner, $"{count:N0} observers of a {subjectType}: {types}", count, bytes, address);
    }
}

using MemAnalyzer.Heap;
using MemAnalyzer.Objects;
using MemAnalyzer.Retention;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Inspections;

/// <summary>
/// The timer queue's live, not disposed timers (System.Threading.TimerQueueTimer, whose _canceled is false). A timer
/// whose state is a CancellationTokenSource is that source's delay (CancelAfter, or a constructor with a delay): it is a
/// timeout row, named by the callback registered on the source's token; every other timer is a timer row, named by its
/// callback, with how many carry a state object of their own.
/// </summary>
internal static class TimerFindings
{
    public const string CancellationTokenSource = "System.Threading.CancellationTokenSource";

    /// <summary>The timeout row of sources with no callback registered on their token.</summary>
    public const string NoRegistration = "(no callback registered)";

    public static IEnumerable<Finding> Find(ClrHeap heap, InspectionCandidates candidates, MethodResolver methods)
    {
        var timers = new Dictionary<string, Group>(StringComparer.Ordinal);
        var timeouts = new Dictionary<string, Group>(StringComparer.Ordinal);
        foreach (var address in candidates.Timers)
        {
            var timer = heap.GetObject(address);
            if (timer.Type is not { } type || (type.GetFieldByName("_canceled") is not null && timer.ReadField<bool>("_canceled")))
            {
                continue;
            }
            var state = timer.ReadReference("_state");
            if (!state.IsNull && state.Type is { } stateType && CandidateKinds.Derives(stateType, CancellationTokenSource))
            {
                var (method, target) = Registered(state, methods);
                Add(timeouts, method, state.Address, (long)state.Size, target);
                continue;
            }
            var callback = timer.ReadReference(type.GetFieldByName("_timerCallback") is null ? "_callback" : "_timerCallback");
            var name = callback.IsNull ? MethodText.Unknown : MethodText.Of(methods.Resolve(callback));
            Add(timers, name, address, (long)timer.Size, state.IsNull ? null : state.Type?.Name);
        }
        return [.. Rows(InspectionNames.Timers, timers, g => g.States.Count == 0 ? "no state" : $"with state: {g.WithState:N0} ({string.Join(", ", g.States)})"),
            .. Rows(InspectionNames.Timeouts, timeouts, g => g.States.Count == 0 ? "callback target: none" : $"callback target: {string.Join(", ", g.States)}")];
    }

    /// <summary>
    /// The method of the newest callback registered on the source's token, and its target's type. Register(Action) and
    /// its kin register a runtime shim whose state is the user's delegate: that delegate is the one named.
    /// </summary>
    private static (string Method, string? Target) Registered(ClrObject source, MethodResolver methods)
    {
        var registrations = source.Type!.GetFieldByName("_registrations") is null ? default : source.ReadReference("_registrations");
        var node = registrations.IsNull || registrations.Type?.GetFieldByName("Callbacks") is null ? default : registrations.ReadReference("Callbacks");
        if (node.IsNull)
        {
            return (NoRegistration, null);
        }
        var callbackState = node.ReadReference("CallbackState");
        var registered = callbackState.IsDelegate ? callbackState : node.ReadReference("Callback");
        if (registered.IsNull || !registered.IsDelegate)
        {
            return (MethodText.Unknown, null);
        }
        var target = registered.ReadReference("_target");
        return (MethodText.Of(methods.Resolve(registered)), target.IsNull || target.Address == registered.Address ? null : target.Type?.Name);
    }

    private static void Add(Dictionary<string, Group> groups, string key, ulong address, long bytes, string? state)
    {
        var group = groups.TryGetValue(key, out var known) ? known : groups[key] = new Group();
        group.Count++;
        group.Bytes += bytes;
        group.Example = group.Example == 0 ? address : Math.Min(group.Example, address);
        if (state is not null)
        {
            group.WithState++;
            group.States.Add(ShortTypeNames.Of(state));
        }
    }

    private static IEnumerable<Finding> Rows(string inspection, Dictionary<string, Group> groups, Func<Group, string> detail) =>
        groups.Select(g => new Finding(inspection, g.Key, detail(g.Value), g.Value.Count, g.Value.Bytes, g.Value.Example))
            .OrderByDescending(f => f.Count).ThenBy(f => f.Type, StringComparer.Ordinal);

    private sealed class Group
    {
        public long Count, Bytes, WithState;
        public ulong Example;
        public SortedSet<string> States { get; } = new(StringComparer.Ordinal);
    }
}

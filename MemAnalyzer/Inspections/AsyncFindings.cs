using MemAnalyzer.Heap;
using System.Text.RegularExpressions;
using MemAnalyzer.Retention;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Inspections;

/// <summary>
/// Async methods that have not completed: the boxes of their state machines (AsyncStateMachineBox&lt;TStateMachine&gt;,
/// a Task) whose m_stateFlags say neither ran to completion, faulted nor canceled, grouped by the async method, with
/// the await each is suspended at (the state machine's &lt;&gt;1__state: 0 is the first await in the method's code).
/// </summary>
internal static partial class AsyncFindings
{
    /// <summary>TaskStateFlags.RanToCompletion | Faulted | Canceled.</summary>
    public const int CompletedFlags = 0x1000000 | 0x200000 | 0x400000;

    public static IEnumerable<Finding> Find(ClrHeap heap, InspectionCandidates candidates)
    {
        var groups = new Dictionary<string, Group>(StringComparer.Ordinal);
        foreach (var address in candidates.AsyncBoxes)
        {
            var box = heap.GetObject(address);
            if (box.Type is not { } type || (box.ReadField<int>("m_stateFlags") & CompletedFlags) != 0)
            {
                continue;
            }
            var method = MethodOf(type.Name ?? "");
            var group = groups.TryGetValue(method, out var known) ? known : groups[method] = new Group();
            group.Count++;
            group.Bytes += (long)box.Size;
            group.Example = group.Example == 0 ? address : Math.Min(group.Example, address);
            if (AwaitState(box, type) is int state)
            {
                group.States.Add(state);
            }
        }
        return [.. groups.Select(g => new Finding(InspectionNames.PendingAsync, g.Key,
                g.Value.States.Count == 0 ? "await unknown" : $"at await {string.Join(", ", g.Value.States)}", g.Value.Count, g.Value.Bytes, g.Value.Example))
            .OrderByDescending(f => f.Count).ThenBy(f => f.Type, StringComparer.Ordinal)];
    }

    /// <summary>"InspectScenario.WaitForSignalAsync" from …AsyncStateMachineBox&lt;Ns.InspectScenario+&lt;WaitForSignalAsync&gt;d__10&gt;; the state machine's short name when it is not a compiler-named one.</summary>
    public static string MethodOf(string boxName)
    {
        var at = boxName.IndexOf("AsyncStateMachineBox<", StringComparison.Ordinal);
        var machine = at < 0 ? boxName : boxName[(at + "AsyncStateMachineBox<".Length)..^1];
        var match = StateMachineName().Match(machine);
        return match.Success ? $"{ShortTypeNames.Of(match.Groups[1].Value)}.{match.Groups[2].Value}" : ShortTypeNames.Of(machine);
    }

    /// <summary>The state machine's &lt;&gt;1__state: a struct inside the box (release builds) or an object it references (debug builds).</summary>
    private static int? AwaitState(ClrObject box, ClrType type)
    {
        if (type.GetFieldByName("StateMachine") is not { } field)
        {
            return null;
        }
        if (field.IsObjectReference)
        {
            var machine = box.ReadReference("StateMachine");
            return machine.Type?.GetFieldByName("<>1__state") is null ? null : machine.ReadField<int>("<>1__state");
        }
        return field.Type?.GetFieldByName("<>1__state") is { } state ? state.Read<int>(field.GetAddress(box.Address), interior: true) : null;
    }

    [GeneratedRegex(@"^(.+)\+<([^>]+)>d(__\d+)?$", RegexOptions.CultureInvariant)]
    private static partial Regex StateMachineName();

    private sealed class Group
    {
        public long Count, Bytes;
        public ulong Example;
        public SortedSet<int> States { get; } = [];
    }
}

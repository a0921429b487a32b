using MemAnalyzer.Verdicts;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Inspections;

/// <summary>
/// Live objects whose own state says they are finished (<see cref="FinishedStates"/>: disposed, closed), by type and the
/// field that says so: count, own bytes, the lowest address. Only the candidates' fields are read, and nothing is
/// allocated per object: the tally is per MethodTable and field alternative, named once at the end.
/// </summary>
internal static class FinishedFindings
{
    public static IEnumerable<Finding> Find(ClrHeap heap, InspectionCandidates candidates)
    {
        var types = new Dictionary<ulong, (string Name, FinishedState? State)>();
        var tally = new Dictionary<(ulong MethodTable, int Alternative), (long Count, long Bytes, ulong Example)>();
        foreach (var address in candidates.Finishable)
        {
            var item = heap.GetObject(address);
            if (item.Type is not { Name: { } name } type)
            {
                continue;
            }
            if (!types.TryGetValue(type.MethodTable, out var known))
            {
                types[type.MethodTable] = known = (name, FinishedRules.For(type));
            }
            var alternative = known.State is null ? -1 : FinishedRules.FinishedBy(item, known.State);
            if (alternative < 0)
            {
                continue;
            }
            var (count, bytes, example) = tally.GetValueOrDefault((type.MethodTable, alternative));
            tally[(type.MethodTable, alternative)] = (count + 1, bytes + (long)item.Size, example == 0 ? address : Math.Min(example, address));
        }
        // One row per type name and field: MethodTables of one name (one type in two load contexts) are one row.
        var rows = new Dictionary<(string Type, string Says), (long Count, long Bytes, ulong Example)>();
        foreach (var ((methodTable, alternative), value) in tally)
        {
            var (name, state) = types[methodTable];
            var key = (name, state!.Says(state.PathTexts[alternative]));
            var (count, bytes, example) = rows.GetValueOrDefault(key);
            rows[key] = (count + value.Count, bytes + value.Bytes, example == 0 ? value.Example : Math.Min(example, value.Example));
        }
        return [.. rows.Select(r => new Finding(InspectionNames.Finished, r.Key.Type, r.Key.Says, r.Value.Count, r.Value.Bytes, r.Value.Example))
            .OrderByDescending(f => f.Count).ThenBy(f => f.Type, StringComparer.Ordinal).ThenBy(f => f.Detail, StringComparer.Ordinal)];
    }
}

using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Inspections;

/// <summary>
/// Live SafeHandles by type, and how many are not closed: SafeHandle._state's lowest bit is set once the handle is
/// closed (Dispose or Close, or the finalizer).
/// </summary>
internal static class SafeHandleFindings
{
    public const int ClosedBit = 1;

    public static IEnumerable<Finding> Find(ClrHeap heap, InspectionCandidates candidates)
    {
        var groups = new Dictionary<string, (long Count, long Open, long Bytes, ulong Example)>(StringComparer.Ordinal);
        foreach (var address in candidates.SafeHandles)
        {
            var handle = heap.GetObject(address);
            if (handle.Type?.Name is not { } name || handle.Type.GetFieldByName("_state") is null)
            {
                continue;
            }
            var open = (handle.ReadField<int>("_state") & ClosedBit) == 0;
            var (count, opened, bytes, example) = groups.GetValueOrDefault(name);
            groups[name] = (count + 1, opened + (open ? 1 : 0), bytes + (long)handle.Size, example == 0 ? address : Math.Min(example, address));
        }
        return [.. groups.Select(g => new Finding(InspectionNames.SafeHandles, g.Key, $"{g.Value.Open:N0} not closed", g.Value.Count, g.Value.Bytes, g.Value.Example))
            .OrderByDescending(f => f.Count).ThenBy(f => f.Type, StringComparer.Ordinal)];
    }
}

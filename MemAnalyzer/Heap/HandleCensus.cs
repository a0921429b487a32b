using MemAnalyzer.Analysis;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// The GC handles of a heap by kind and target type (-handles), through the DAC's handle table walk: the runtime skips
/// a handle whose target was collected (it holds null), so neither SOS nor MemAnalyzer can count those; a weak handle
/// whose target is unreachable but not yet collected counts as Unreachable.
/// </summary>
public static class HandleCensus
{
    /// <param name="live">The live set, to tell which targets only weak references still reach.</param>
    /// <param name="retainedOf">With -retained: the bytes a group's distinct target addresses keep alive; null for none.</param>
    public static IReadOnlyList<HandleGroup> Read(HeapSource source, ObjectBitmap live, Func<IReadOnlyCollection<ulong>, long>? retainedOf, CancellationToken cancellation)
    {
        var heap = source.Heap;
        var groups = new Dictionary<(ClrHandleKind Kind, string Type), Tally>();
        long visited = 0;
        lock (source.Table.ClrMdLock)
        {
            foreach (var handle in heap.Runtime.EnumerateHandles())
            {
                if ((++visited & 0xFFF) == 0)
                {
                    cancellation.ThrowIfCancellationRequested();
                }
                var target = handle.Object;
                if (target.Address == 0)
                {
                    continue;
                }
                var key = (handle.HandleKind, target.Type is { } type ? type.Name ?? $"{HeapStatisticsCollector.UnknownTypePrefix}{type.MethodTable:x}>" : UnknownTarget);
                if (!groups.TryGetValue(key, out var tally))
                {
                    groups[key] = tally = new Tally(retainedOf is not null);
                }
                tally.Count++;
                tally.Bytes += (long)target.Size;
                tally.Targets?.Add(target.Address);
                if (!live.IsMarked(target.Address) && heap.GetSegmentByAddress(target.Address)?.Kind != GCSegmentKind.Frozen)
                {
                    tally.Unreachable++;
                }
            }
        }
        return [.. groups
            .Select(g => new HandleGroup(KindName(g.Key.Kind), g.Key.Type, g.Value.Count, g.Value.Bytes, g.Value.Unreachable,
                retainedOf is null ? null : retainedOf(g.Value.Targets!)))
            .OrderByDescending(g => g.Count).ThenByDescending(g => g.Bytes).ThenBy(g => g.Kind, StringComparer.Ordinal).ThenBy(g => g.TypeName, StringComparer.Ordinal)];
    }

    /// <summary>The name of a target whose MethodTable the DAC cannot read.</summary>
    public const string UnknownTarget = "<unknown type>";

    /// <summary>ClrMD's name of the kind, spelled out here so that trimming never turns it into a number.</summary>
    public static string KindName(ClrHandleKind kind) => kind switch
    {
        ClrHandleKind.Strong => "Strong",
        ClrHandleKind.Pinned => "Pinned",
        ClrHandleKind.WeakShort => "WeakShort",
        ClrHandleKind.WeakLong => "WeakLong",
        ClrHandleKind.Dependent => "Dependent",
        ClrHandleKind.RefCounted => "RefCounted",
        ClrHandleKind.AsyncPinned => "AsyncPinned",
        ClrHandleKind.SizedRef => "SizedRef",
        ClrHandleKind.WeakWinRT => "WeakWinRT",
        _ => $"Kind{(int)kind}",
    };

    private sealed class Tally(bool keepTargets)
    {
        public long Count;
        public long Bytes;
        public long Unreachable;
        public readonly HashSet<ulong>? Targets = keepTargets ? [] : null;
    }
}

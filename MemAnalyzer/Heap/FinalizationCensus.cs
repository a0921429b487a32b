using MemAnalyzer.Analysis;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// -finalizable from the runtime's finalization queue (ClrHeap.EnumerateFinalizableObjects: registered;
/// EnumerateFinalizerRoots: the f-reachable queue) and the finalizer thread's stack (ClrThread.IsFinalizer).
/// The registered objects the live mark misses are the ones <see cref="AwaitingFinalization"/> counts for -dead.
/// </summary>
public static class FinalizationCensus
{
    /// <param name="retainedOf">The bytes a set of object addresses keeps alive (the dominator tree of the live graph); null in a diff, which has no retained bytes.</param>
    public static FinalizationReport Read(HeapSource source, ObjectBitmap live, Func<IReadOnlyCollection<ulong>, long>? retainedOf, CancellationToken cancellation)
    {
        var heap = source.Heap;
        var groups = new Dictionary<(string State, string Type), (long Count, long Bytes, HashSet<ulong>? Ready)>();
        lock (source.Table.ClrMdLock)
        {
            var readyAddresses = new HashSet<ulong>();
            foreach (var root in heap.EnumerateFinalizerRoots())
            {
                if (root.Object.Address != 0 && readyAddresses.Add(root.Object.Address))
                {
                    Add(groups, FinalizationReport.Ready, root.Object, keep: retainedOf is not null);
                }
            }
            long visited = 0;
            foreach (var obj in heap.EnumerateFinalizableObjects())
            {
                if ((++visited & 0xFFF) == 0)
                {
                    cancellation.ThrowIfCancellationRequested();
                }
                if (obj.IsValid && !readyAddresses.Contains(obj.Address))
                {
                    Add(groups, AwaitingFinalization.IsLive(heap, live, obj.Address) ? FinalizationReport.Live : FinalizationReport.Unreachable, obj, keep: false);
                }
            }
            var thread = heap.Runtime.Threads.FirstOrDefault(t => t.IsFinalizer);
            var frames = thread is null ? [] : thread.EnumerateStackTrace()
                .Where(f => f.Kind == ClrStackFrameKind.ManagedMethod && f.Method is not null)
                .Select(f => f.Method!.Signature ?? f.Method.Name ?? "?").ToList();
            // Only GC.RunFinalizers on the stack is the thread between finalizers; a frame above it is a finalizer running.
            var busy = frames.Count > 1 || frames.Count == 1 && !frames[0].Contains("RunFinalizers", StringComparison.Ordinal) ? frames : [];
            return new FinalizationReport([.. groups
                .Select(g => new FinalizableGroup(g.Key.State, g.Key.Type, g.Value.Count, g.Value.Bytes, retainedOf is not null && g.Value.Ready is { } ready ? retainedOf(ready) : null))
                .OrderBy(g => Order(g.State)).ThenByDescending(g => g.Bytes).ThenBy(g => g.TypeName, StringComparer.Ordinal)],
                thread?.OSThreadId ?? 0, busy);
        }
    }

    private static int Order(string state) => state switch { FinalizationReport.Ready => 0, FinalizationReport.Unreachable => 1, _ => 2 };

    private static void Add(Dictionary<(string, string), (long Count, long Bytes, HashSet<ulong>? Ready)> groups, string state, ClrObject obj, bool keep)
    {
        var key = (state, obj.Type is { } type ? type.Name ?? $"{HeapStatisticsCollector.UnknownTypePrefix}{type.MethodTable:x}>" : HandleCensus.UnknownTarget);
        var (count, bytes, ready) = groups.GetValueOrDefault(key);
        ready ??= keep ? [] : null;
        ready?.Add(obj.Address);
        groups[key] = (count + 1, bytes + (long)obj.Size, ready);
    }
}

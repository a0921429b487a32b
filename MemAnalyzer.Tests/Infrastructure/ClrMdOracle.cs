using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// The straightforward ClrMD per-object walk, kept here as the reference MemAnalyzer must equal:
/// every object via ClrHeap.EnumerateObjects, liveness by a HashSet breadth-first search from
/// ClrHeap.EnumerateRoots over EnumerateReferenceAddresses (dependent handles as edges), as dotnet-dump's
/// "dumpheap -stat -live" computes it.
/// </summary>
public static class ClrMdOracle
{
    public static Dictionary<string, (long Count, long Bytes)> Compute(string dumpPath, ObjectSelection selection)
    {
        using var session = LocalDump.Open(dumpPath);
        var heap = session.Runtime.Heap;
        var live = selection == ObjectSelection.All ? null : LiveSet(heap);
        var result = new Dictionary<string, (long Count, long Bytes)>(StringComparer.Ordinal);
        foreach (var obj in heap.EnumerateObjects())
        {
            if (!obj.IsValid || obj.IsFree || obj.Type is null)
            {
                continue;
            }
            if (live is not null && live.Contains(obj.Address) != (selection == ObjectSelection.Live))
            {
                continue;
            }
            var name = obj.Type.Name ?? $"<unknown type, MethodTable 0x{obj.Type.MethodTable:x}>";
            var (count, bytes) = result.GetValueOrDefault(name);
            result[name] = (count + 1, bytes + (long)obj.Size);
        }
        return result;
    }

    public static long SegmentBytes(string dumpPath)
    {
        using var session = LocalDump.Open(dumpPath);
        return session.Runtime.Heap.Segments.Sum(s => (long)s.ObjectRange.Length);
    }

    public static HashSet<ulong> LiveSet(ClrHeap heap)
    {
        var live = new HashSet<ulong>();
        var queue = new Queue<ulong>();
        foreach (var root in heap.EnumerateRoots())
        {
            if (root.Object.IsValid && live.Add(root.Object.Address))
            {
                queue.Enqueue(root.Object.Address);
            }
        }
        while (queue.TryDequeue(out var address))
        {
            foreach (var child in heap.GetObject(address).EnumerateReferenceAddresses(carefully: false, considerDependantHandles: true))
            {
                if (child != 0 && heap.GetObject(child).IsValid && live.Add(child))
                {
                    queue.Enqueue(child);
                }
            }
        }
        return live;
    }
}

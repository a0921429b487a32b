using System.Runtime.InteropServices;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// The straightforward ClrMD per-object walk, kept here as the reference MemAnalyzer must equal:
/// every object via ClrHeap.EnumerateObjects, liveness by a HashSet breadth-first search from
/// ClrHeap.EnumerateRoots over EnumerateReferenceAddresses (dependent handles as edges), as dotnet-dump's
/// "dumpheap -stat -live" computes it. The dump is opened by <see cref="LocalDump"/>, with ClrMD alone.
/// </summary>
public static class ClrMdOracle
{
    /// <summary>Per type name: the count and bytes of every MethodTable with that name (as SOS's "dumpheap -stat" merges them).</summary>
    public static Dictionary<string, (long Count, long Bytes)> Compute(string dumpPath, ObjectSet set)
    {
        using var dump = LocalDump.Open(dumpPath);
        return Compute(dump, set);
    }

    /// <summary>The same on a dump opened by the caller, such as one of another runtime, opened with that runtime's DAC.</summary>
    public static Dictionary<string, (long Count, long Bytes)> Compute(LocalDump dump, ObjectSet set)
    {
        var result = new Dictionary<string, (long Count, long Bytes)>(StringComparer.Ordinal);
        foreach (var type in ComputePerMethodTable(dump, set))
        {
            var (count, bytes) = result.GetValueOrDefault(type.Name);
            result[type.Name] = (count + type.Count, bytes + type.Bytes);
        }
        return result;
    }

    /// <summary>One entry per MethodTable: a type loaded into two AssemblyLoadContexts is two entries with the same name.</summary>
    public static List<OracleType> ComputePerMethodTable(string dumpPath, ObjectSet set)
    {
        using var dump = LocalDump.Open(dumpPath);
        return ComputePerMethodTable(dump, set);
    }

    public static List<OracleType> ComputePerMethodTable(LocalDump dump, ObjectSet set)
    {
        var heap = dump.Runtime.Heap;
        var live = set == ObjectSet.All ? null : LiveSet(heap);
        // One entry per MethodTable, updated in place: the benchmark (scripts/bench/ClrMdBaseline) times this loop as the
        // plain ClrMD baseline, so it allocates nothing per object.
        var perMethodTable = new Dictionary<ulong, (ClrType Type, long Count, long Bytes)>();
        foreach (var obj in heap.EnumerateObjects())
        {
            if (!obj.IsValid || obj.IsFree || obj.Type is null)
            {
                continue;
            }
            if (live is not null && live.Contains(obj.Address) != (set == ObjectSet.Live))
            {
                continue;
            }
            ref var entry = ref CollectionsMarshal.GetValueRefOrAddDefault(perMethodTable, obj.Type.MethodTable, out _);
            entry.Type ??= obj.Type;
            entry.Count++;
            entry.Bytes += (long)obj.Size;
        }
        return [.. perMethodTable.Values.Select(entry => new OracleType(entry.Type.MethodTable,
            entry.Type.Name ?? $"<unknown type, MethodTable 0x{entry.Type.MethodTable:x}>", entry.Type.IsCollectible, entry.Count, entry.Bytes))];
    }

    /// <summary>Every object (not free block) on the heap's frozen segments, by ClrMD's own segment walk.</summary>
    public static List<ClrObject> FrozenObjects(ClrHeap heap) =>
        [.. heap.Segments.Where(s => s.Kind == GCSegmentKind.Frozen)
            .SelectMany(s => s.EnumerateObjects())
            .Where(o => o.IsValid && !o.IsFree && o.Type is not null)];

    public static long SegmentBytes(string dumpPath)
    {
        using var dump = LocalDump.Open(dumpPath);
        return dump.Runtime.Heap.Segments.Sum(s => (long)s.ObjectRange.Length);
    }

    /// <summary>
    /// Objects reachable from a root, plus every object on a frozen segment (string literals, RuntimeType objects):
    /// no GC ever frees those, so they are live whether or not a root leads to them.
    /// </summary>
    public static HashSet<ulong> LiveSet(ClrHeap heap)
    {
        var live = new HashSet<ulong>(FrozenObjects(heap).Select(o => o.Address));
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

/// <summary>The objects of one MethodTable; <paramref name="IsCollectible"/> when it was loaded into a collectible AssemblyLoadContext.</summary>
public sealed record OracleType(ulong MethodTable, string Name, bool IsCollectible, long Count, long Bytes);

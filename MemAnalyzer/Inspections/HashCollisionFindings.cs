using System.Buffers.Binary;
using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Inspections;

/// <summary>
/// Dictionary and HashSet instances whose keys pile into few buckets: each entry's stored hash code is read from the
/// entries array (in blocks) and counted per bucket (hash code mod bucket count, as the collection computes it). A
/// dictionary is listed when its longest chain has at least the threshold's entries and at least four times the
/// average (entries over buckets, rounded up): every lookup of its keys walks that chain. Grouped by type; the detail
/// is the worst instance's. Its bytes are the instances' own (object and arrays): the cost of a collision is time.
/// </summary>
internal static class HashCollisionFindings
{
    private const int BlockBytes = 64 * 1024;

    public static IEnumerable<Finding> Find(ClrHeap heap, TargetMemory memory, InspectionCandidates candidates, int minChain, CancellationToken cancellation)
    {
        var groups = new Dictionary<string, Group>(StringComparer.Ordinal);
        var block = new byte[BlockBytes];
        int[] hashes = [], chains = [];
        foreach (var address in candidates.Collections)
        {
            cancellation.ThrowIfCancellationRequested();
            var obj = heap.GetObject(address);
            if (obj.Type is not { Name: { } name } type || !name.StartsWith("System.Collections.Generic.", StringComparison.Ordinal)
                || type.GetFieldByName("_entries") is null || type.GetFieldByName("_count") is null)
            {
                continue;
            }
            var slots = obj.ReadField<int>("_count");
            var entries = obj.ReadReference("_entries");
            var buckets = obj.ReadReference("_buckets");
            if (slots < minChain || entries.IsNull || buckets.IsNull || entries.Type?.ComponentType is not { } entry
                || (entry.GetFieldByName("hashCode") ?? entry.GetFieldByName("HashCode")) is not { } hashField
                || (entry.GetFieldByName("next") ?? entry.GetFieldByName("Next")) is not { } nextField)
            {
                continue;
            }
            var bucketCount = buckets.AsArray().Length;
            if (hashes.Length < slots)
            {
                hashes = new int[Math.Max(slots, 2 * hashes.Length)];
            }
            if (chains.Length < bucketCount)
            {
                chains = new int[Math.Max(bucketCount, 2 * chains.Length)];
            }
            var live = Read(memory, entries, entries.Type.ComponentSize, slots, hashField.Offset, nextField.Offset, block, hashes);
            if (live < 0)
            {
                continue;
            }
            Array.Clear(chains, 0, bucketCount);
            var longest = 0;
            for (var i = 0; i < live; i++)
            {
                longest = Math.Max(longest, ++chains[(int)((uint)hashes[i] % (uint)bucketCount)]);
            }
            var average = (live + bucketCount - 1) / bucketCount;
            if (longest < minChain || longest < 4 * average)
            {
                continue;
            }
            Array.Sort(hashes, 0, live);
            var distinct = live == 0 ? 0 : 1;
            for (var i = 1; i < live; i++)
            {
                distinct += hashes[i] != hashes[i - 1] ? 1 : 0;
            }
            var group = groups.TryGetValue(name, out var known) ? known : groups[name] = new Group();
            group.Count++;
            group.Bytes += (long)(obj.Size + entries.Size + buckets.Size);
            if (longest > group.Longest)
            {
                (group.Longest, group.Entries, group.Distinct, group.KeyType, group.Example) = (longest, live, distinct, KeyType(entries, entry, nextField, slots), address);
            }
        }
        return groups.Select(g => new Finding(InspectionNames.HashCollisions, g.Key,
                $"{(g.Value.Count > 1 ? "worst: " : "")}{g.Value.Entries:N0} entries, {g.Value.Distinct:N0} distinct hash codes, longest chain {g.Value.Longest:N0}, key type {g.Value.KeyType}",
                g.Value.Count, g.Value.Bytes, g.Value.Example))
            .OrderByDescending(f => f.Bytes).ThenBy(f => f.Type, StringComparer.Ordinal);
    }

    /// <summary>
    /// The key type: a value type's field type, else the type of the first key in use (the field of a reference type is
    /// declared System.__Canon in the shared generic code).
    /// </summary>
    private static string KeyType(ClrObject entries, ClrType entry, ClrInstanceField next, int slots)
    {
        if ((entry.GetFieldByName("key") ?? entry.GetFieldByName("Value")) is not { } key)
        {
            return "?";
        }
        if (!key.IsObjectReference)
        {
            return key.Type?.Name ?? "?";
        }
        for (var i = 0; i < slots; i++)
        {
            var at = entries.Type!.GetArrayElementAddress(entries.Address, i);
            if (next.Read<int>(at, interior: true) >= -1 && key.ReadObject(at, interior: true) is { IsNull: false, Type.Name: { } name })
            {
                return name;
            }
        }
        return "?";
    }

    /// <summary>The hash codes of the entries in use (next ≥ -1) into <paramref name="hashes"/>; their number, or -1 when the array cannot be read.</summary>
    private static int Read(TargetMemory memory, ClrObject entries, int entrySize, int slots, int hashOffset, int nextOffset, byte[] block, int[] hashes)
    {
        var perBlock = BlockBytes / entrySize;
        var live = 0;
        for (var first = 0; first < slots; first += perBlock)
        {
            var count = Math.Min(perBlock, slots - first);
            var span = block.AsSpan(0, count * entrySize);
            if (memory.Read(entries.Address + 16 + ((ulong)first * (ulong)entrySize), span) != span.Length)
            {
                return -1;
            }
            for (var i = 0; i < count; i++)
            {
                var at = i * entrySize;
                if (BinaryPrimitives.ReadInt32LittleEndian(span[(at + nextOffset)..]) >= -1)
                {
                    hashes[live++] = BinaryPrimitives.ReadInt32LittleEndian(span[(at + hashOffset)..]);
                }
            }
        }
        return live;
    }

    private sealed class Group
    {
        public long Count, Bytes, Entries, Distinct;
        public int Longest;
        public string KeyType = "";
        public ulong Example;
    }
}

using System.Buffers.Binary;
using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Inspections;

/// <summary>
/// Dictionary, HashSet and ConcurrentDictionary instances whose keys pile into few buckets: each entry's stored hash
/// code is read from the entries array (in blocks; a ConcurrentDictionary's from its nodes, <see cref="ConcurrentHashes"/>)
/// and counted per bucket (hash code mod bucket count, as the collection computes it). A
/// dictionary is listed when its longest chain has at least the threshold's entries and at least four times the
/// average (entries over buckets, rounded up): every lookup of its keys walks that chain. Grouped by type; the detail
/// is the worst instance's. Its bytes are the instances' own (object and arrays): the cost of a collision is time.
/// </summary>
internal static class HashCollisionFindings
{
    private const int BlockBytes = 64 * 1024;
    private const string GenericPrefix = "System.Collections.Generic.";

    public static IEnumerable<Finding> Find(ClrHeap heap, TargetMemory memory, InspectionCandidates candidates, int minChain, CancellationToken cancellation)
    {
        var groups = new Dictionary<string, Group>(StringComparer.Ordinal);
        var block = new byte[BlockBytes];
        int[] hashes = [], chains = [];
        foreach (var address in candidates.Collections)
        {
            cancellation.ThrowIfCancellationRequested();
            var obj = heap.GetObject(address);
            var generic = obj.Type?.Name?.StartsWith(GenericPrefix, StringComparison.Ordinal) == true;
            if (obj.Type?.Name is not { } name
                || (generic ? ReadGeneric(memory, obj, minChain, block, ref hashes) : name.StartsWith(ConcurrentHashes.Prefix, StringComparison.Ordinal)
                    ? ConcurrentHashes.Read(heap, memory, obj, minChain, block, ref hashes) : null) is not var (live, bucketCount, bytes, node))
            {
                continue;
            }
            if (chains.Length < bucketCount)
            {
                chains = new int[Math.Max(bucketCount, 2 * chains.Length)];
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
            group.Bytes += bytes;
            if (longest > group.Longest)
            {
                (group.Longest, group.Entries, group.Distinct, group.Example) = (longest, live, distinct, address);
                group.KeyType = generic ? KeyType(obj) : ConcurrentHashes.KeyType(heap, node);
            }
        }
        return groups.Select(g => new Finding(InspectionNames.HashCollisions, g.Key,
                $"{(g.Value.Count > 1 ? "worst: " : "")}{g.Value.Entries:N0} entries, {g.Value.Distinct:N0} distinct hash codes, longest chain {g.Value.Longest:N0}, key type {g.Value.KeyType}",
                g.Value.Count, g.Value.Bytes, g.Value.Example))
            .OrderByDescending(f => f.Bytes).ThenBy(f => f.Type, StringComparer.Ordinal);
    }

    /// <summary>A Dictionary's or HashSet's entries in use into <paramref name="hashes"/>: their count, the bucket count, the bytes (object and arrays); null when unreadable or smaller than <paramref name="minEntries"/>.</summary>
    private static (int Live, int Buckets, long Bytes, ulong Node)? ReadGeneric(TargetMemory memory, ClrObject obj, int minEntries, byte[] block, ref int[] hashes)
    {
        if (obj.Type!.GetFieldByName("_entries") is null || obj.Type.GetFieldByName("_count") is null)
        {
            return null;
        }
        var slots = obj.ReadField<int>("_count");
        var entries = obj.ReadReference("_entries");
        var buckets = obj.ReadReference("_buckets");
        if (slots < minEntries || entries.IsNull || buckets.IsNull || entries.Type?.ComponentType is not { } entry
            || (entry.GetFieldByName("hashCode") ?? entry.GetFieldByName("HashCode")) is not { } hashField
            || (entry.GetFieldByName("next") ?? entry.GetFieldByName("Next")) is not { } nextField)
        {
            return null;
        }
        if (hashes.Length < slots)
        {
            hashes = new int[Math.Max(slots, 2 * hashes.Length)];
        }
        var live = Read(memory, entries, entries.Type.ComponentSize, slots, hashField.Offset, nextField.Offset, block, hashes);
        return live < 0 ? null : (live, buckets.AsArray().Length, (long)(obj.Size + entries.Size + buckets.Size), 0);
    }

    /// <summary>
    /// The key type: a value type's field type, else the type of the first key in use (the field of a reference type is
    /// declared System.__Canon in the shared generic code).
    /// </summary>
    private static string KeyType(ClrObject dictionary)
    {
        var entries = dictionary.ReadReference("_entries");
        var slots = dictionary.ReadField<int>("_count");
        if (entries.Type?.ComponentType is not { } entry || (entry.GetFieldByName("next") ?? entry.GetFieldByName("Next")) is not { } next
            || (entry.GetFieldByName("key") ?? entry.GetFieldByName("Value")) is not { } key)
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

using System.Buffers.Binary;
using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Inspections;

/// <summary>
/// The stored hash codes of a ConcurrentDictionary's nodes: its _tables' _buckets (VolatileNode[], one node reference
/// each) are read in blocks, and each bucket's chain followed by _next, the node's _hashcode read from the target's
/// memory (the offsets resolved once per node type). The dictionary computes a bucket as the hash code mod the bucket
/// count, as Dictionary does, so <see cref="HashCollisionFindings"/> counts the chains the same way.
/// </summary>
internal static class ConcurrentHashes
{
    public const string Prefix = "System.Collections.Concurrent.ConcurrentDictionary<";

    /// <summary>The nodes' count (at most <paramref name="hashes"/>' length, grown to the entries), the bucket count, the bytes (object, tables, buckets), a node's address; null when unreadable or smaller than <paramref name="minEntries"/>.</summary>
    public static (int Live, int Buckets, long Bytes, ulong FirstNode)? Read(ClrHeap heap, TargetMemory memory, ClrObject dictionary, int minEntries, byte[] block, ref int[] hashes)
    {
        if (dictionary.Type?.GetFieldByName("_tables") is not { IsObjectReference: true } || dictionary.ReadReference("_tables") is not { IsNull: false } tables
            || tables.Type?.GetFieldByName("_buckets") is null || tables.Type.GetFieldByName("_countPerLock") is null)
        {
            return null;
        }
        var buckets = tables.ReadReference("_buckets");
        var counts = tables.ReadReference("_countPerLock");
        if (buckets.IsNull || counts.IsNull)
        {
            return null;
        }
        var entries = counts.AsArray().ReadValues<int>(0, counts.AsArray().Length)?.Sum() ?? 0;
        if (entries < minEntries)
        {
            return null;
        }
        if (hashes.Length < entries)
        {
            hashes = new int[Math.Max(entries, 2 * hashes.Length)];
        }
        var bucketCount = buckets.AsArray().Length;
        var (live, first, nextOffset, hashOffset) = (0, 0UL, -1, -1);
        Span<byte> word = stackalloc byte[8];
        var perBlock = block.Length / 8;
        for (var start = 0; start < bucketCount; start += perBlock)
        {
            var span = block.AsSpan(0, Math.Min(perBlock, bucketCount - start) * 8);
            if (memory.Read(buckets.Address + 16 + ((ulong)start * 8), span) != span.Length)
            {
                return null;
            }
            for (var at = 0; at < span.Length; at += 8)
            {
                for (var node = BinaryPrimitives.ReadUInt64LittleEndian(span[at..]); node != 0;)
                {
                    if (nextOffset < 0)
                    {
                        (first, nextOffset, hashOffset) = (node, Offset(heap, node, "_next"), Offset(heap, node, "_hashcode"));
                    }
                    // More nodes than the counts say: a chain that loops, or a table changed under a live read.
                    if (nextOffset < 0 || hashOffset < 0 || live == entries || memory.Read(node + (ulong)hashOffset, word[..4]) != 4)
                    {
                        return null;
                    }
                    hashes[live++] = BinaryPrimitives.ReadInt32LittleEndian(word);
                    node = memory.Read(node + (ulong)nextOffset, word) == 8 ? BinaryPrimitives.ReadUInt64LittleEndian(word) : 0;
                }
            }
        }
        return (live, bucketCount, (long)(dictionary.Size + tables.Size + buckets.Size), first);
    }

    /// <summary>The node's key type: the type of the key of <paramref name="node"/> (a reference key's field is System.__Canon), else the field's.</summary>
    public static string KeyType(ClrHeap heap, ulong node) =>
        heap.GetObject(node) is { Type: { } type } obj && type.GetFieldByName("_key") is { } key
            ? key.IsObjectReference ? obj.ReadReference("_key").Type?.Name ?? "?" : key.Type?.Name ?? "?"
            : "?";

    /// <summary>The field's offset from the node's address (an instance field's offset counts from the end of the MethodTable pointer), -1 for none.</summary>
    private static int Offset(ClrHeap heap, ulong node, string name) =>
        heap.GetObjectType(node)?.GetFieldByName(name) is { } field ? field.Offset + 8 : -1;
}

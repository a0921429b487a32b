using System.Buffers.Binary;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Inspections;

/// <summary>
/// Which of some objects the elements of some arrays of references hold: each array's elements are read in blocks from
/// the target and looked up among the sorted addresses, so that the array holding most of a group (a List&lt;object&gt;'s
/// items holding boxes, a list of tiny lists) can be named. No allocation per element.
/// </summary>
internal static class ArrayElementLookup
{
    private const int BlockBytes = 64 * 1024;
    private const int LengthOffset = 8;
    private const int DataOffset = 16;

    /// <param name="found">Called with the index in <paramref name="sorted"/> of each element that is one of them.</param>
    /// <param name="done">Called after each array's elements, with its address.</param>
    public static void Run(TargetMemory memory, IEnumerable<ulong> arrays, List<ulong> sorted, Action<int> found, Action<ulong> done, CancellationToken cancellation)
    {
        var block = new byte[BlockBytes];
        Span<byte> head = stackalloc byte[4];
        foreach (var array in arrays)
        {
            cancellation.ThrowIfCancellationRequested();
            if (memory.Read(array + LengthOffset, head) != 4)
            {
                continue;
            }
            long length = BinaryPrimitives.ReadInt32LittleEndian(head);
            for (long first = 0; first < length; first += BlockBytes / 8)
            {
                var span = block.AsSpan(0, (int)Math.Min(BlockBytes, 8 * (length - first)));
                if (memory.Read(array + DataOffset + (ulong)(8 * first), span) != span.Length)
                {
                    break;
                }
                for (var at = 0; at < span.Length; at += 8)
                {
                    var index = sorted.BinarySearch(BinaryPrimitives.ReadUInt64LittleEndian(span[at..]));
                    if (index >= 0)
                    {
                        found(index);
                    }
                }
            }
            done(array);
        }
    }
}

using System.Collections.Concurrent;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Sql;

/// <summary>
/// A walk that only notes which MethodTable indexes have objects, for the type-name table of rows read later
/// (<see cref="ObjectRowsFunction"/>): each thread its own flags, read when the walk is done.
/// </summary>
internal readonly struct TypeSeenVisitor(ConcurrentBag<List<bool>> all, List<bool> seen) : IScanVisitor<TypeSeenVisitor>
{
    public TypeSeenVisitor(ConcurrentBag<List<bool>> all) : this(all, Add(all))
    {
    }

    private static List<bool> Add(ConcurrentBag<List<bool>> all)
    {
        var seen = new List<bool>();
        all.Add(seen);
        return seen;
    }

    public void Visit(ulong address, int index, byte flags, long size, ReadOnlySpan<byte> available)
    {
        while (seen.Count <= index)
        {
            seen.Add(false);
        }
        seen[index] = true;
    }

    public void SegmentDone(bool frozen)
    {
    }

    public void SegmentAbandoned()
    {
    }

    public TypeSeenVisitor ForThread() => new(all);

    /// <summary>The indexes any thread saw, ascending.</summary>
    public static IEnumerable<int> Seen(ConcurrentBag<List<bool>> all) =>
        all.SelectMany(seen => Enumerable.Range(0, seen.Count).Where(i => seen[i])).Distinct().Order();
}

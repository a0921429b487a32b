using MemAnalyzer.Retention;

namespace MemAnalyzer.Suspects;

/// <summary>
/// The types of the objects dominated by some nodes, counted over their dominator subtrees (<see cref="DominatorChildren.Walk{TVisitor}(int, ref TVisitor, ref ValueTuple{int, int}[])"/>).
/// Each node's chain of only children is counted first; the children where the subtree first branches are then shared
/// out among <c>threads</c> walkers, each with counters of its own, added up at the end (a suspect may hold every object
/// of a 10^8-object heap). A type whose instances all have one size is summed by count times size.
/// </summary>
public sealed class SubtreeTypes(ObjectGraph graph, DominatorChildren children, int threads = 1)
{
    /// <summary>Children per share of a walk: fewer are walked by one thread, as the start of a task costs more than a small subtree.</summary>
    internal const int ShareChildren = 1024;

    private readonly uint[] _fixedSizes = graph.FixedSizes;
    private TypeTally? _total;

    /// <summary>The <paramref name="top"/> types by bytes (then count, then name) beneath the nodes.</summary>
    /// <param name="includeNodes">Count the nodes themselves too (a group of instances), not only what they dominate.</param>
    public IReadOnlyList<AccumulatedType> Beneath(IEnumerable<int> nodes, bool includeNodes, int top)
    {
        // Kept for the next call: its counters are cleared by what each walk touched, not by the number of types.
        var total = _total ??= new TypeTally(graph, _fixedSizes);
        var ranges = new List<(int Start, int End)>();
        foreach (var node in nodes)
        {
            if (includeNodes)
            {
                total.Visit(node);
            }
            ranges.Add(Branch(node, ref total));
        }
        var shares = Shares(ranges);
        if (shares.Count == 1 || threads == 1)
        {
            var pending = Array.Empty<(int Next, int End)>();
            foreach (var share in shares)
            {
                children.Walk(share, ref total, ref pending);
            }
        }
        else
        {
            var sum = new object();
            Parallel.For(0, shares.Count, new ParallelOptions { MaxDegreeOfParallelism = threads },
                () => (Tally: new TypeTally(graph, _fixedSizes), Pending: Array.Empty<(int Next, int End)>()),
                (i, _, walker) =>
                {
                    children.Walk(shares[i], ref walker.Tally, ref walker.Pending);
                    return walker;
                },
                walker =>
                {
                    lock (sum)
                    {
                        total.Add(walker.Tally);
                    }
                });
        }
        return total.Top(top);
    }

    /// <summary>Counts the chain of only children beneath <paramref name="node"/>; returns the children where it branches (or ends).</summary>
    private (int Start, int End) Branch(int node, ref TypeTally tally)
    {
        var range = children.RangeOf(node);
        while (range.End - range.Start == 1)
        {
            var only = children.ChildAt(range.Start);
            tally.Visit(only);
            range = children.RangeOf(only);
        }
        return range;
    }

    /// <summary>The ranges of children cut into shares of at most <see cref="ShareChildren"/>, or whole when one thread walks.</summary>
    private List<(int Start, int End)> Shares(List<(int Start, int End)> ranges)
    {
        if (threads == 1)
        {
            return ranges;
        }
        var shares = new List<(int Start, int End)>();
        foreach (var (start, end) in ranges)
        {
            for (var at = start; at < end; at += ShareChildren)
            {
                shares.Add((at, Math.Min(end, at + ShareChildren)));
            }
        }
        return shares;
    }
}

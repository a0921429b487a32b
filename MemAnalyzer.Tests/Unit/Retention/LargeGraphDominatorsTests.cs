using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>
/// Dominators of graphs large enough that the predecessor rows are built on several threads (ranges of 65,536 objects),
/// against Cooper, Harvey and Kennedy's iterative algorithm written here on the plain lists (another algorithm than the
/// product's Semi-NCA; fast on these shallow random graphs, quadratic only on long chains).
/// </summary>
public sealed class LargeGraphDominatorsTests
{
    [Theory]
    [InlineData(1, 300_000)]
    [InlineData(2, 300_000)]
    [InlineData(3, 300_000)]
    // Two ranges: the fewest that go to several threads (65,536 objects and the super-root make a second range).
    [InlineData(4, 100_000)]
    [InlineData(5, 65_536)]
    public void EveryObjectOfALargeRandomGraphHasTheDominatorCooperHarveyAndKennedyFind(int seed, int objects)
    {
        var plain = Large(seed, objects);
        var tree = DominatorTree.Compute(plain.Build());
        var expected = IterativeDominators(plain);
        var actual = tree.ImmediateDominators.ToArray();
        Assert.Equal(expected.Length, actual.Length);
        // Shared objects (several referrers) are what the rows hold: the graph must have many of them.
        Assert.True(expected.Count(d => d >= 0) > objects / 6, "too few objects dominated by another object");
        Assert.True(expected.Count(d => d == DominatorTree.SuperRoot) > objects / 30, "too few objects only the roots dominate");
        for (var i = 0; i < expected.Length; i++)
        {
            if (expected[i] != actual[i])
            {
                Assert.Fail($"object {i}: dominator {actual[i]}, expected {expected[i]}");
            }
        }
    }

    /// <summary>Objects in a few long-lived trees with cross references (most have one referrer, a fifth several), half of them referencing one of three hubs.</summary>
    private static PlainGraph Large(int seed, int count)
    {
        var random = new Random(seed);
        var addresses = new ulong[count];
        var sizes = new long[count];
        var types = new int[count];
        var references = Enumerable.Range(0, count).Select(_ => new List<int>()).ToArray();
        for (var i = 0; i < count; i++)
        {
            addresses[i] = 0x7f00_0000_0000UL + (32UL * (ulong)i);
            sizes[i] = 24 + (8 * random.Next(10));
            types[i] = random.Next(4);
            if (i > 0 && random.Next(50) != 0)
            {
                // A tree parent among the objects before it, near or far.
                references[random.Next(20) == 0 ? random.Next(i) : Math.Max(0, i - 1 - random.Next(64))].Add(i);
            }
            if (random.Next(5) == 0)
            {
                // A cross reference anywhere, cycles and self references included.
                references[i].Add(random.Next(count));
            }
            if (i % 2 == 0)
            {
                // One of three hubs (a cache, a logger, a type's statics): threads count and place their long rows at once.
                references[i].Add(1 + (i % 3));
            }
        }
        var roots = Enumerable.Range(0, 40).Select(r => new RootEntry(random.Next(count), RootKind.Static, "static s_" + r)).ToList();
        roots.Add(new RootEntry(0, RootKind.Static, "static s_first"));
        return new PlainGraph(addresses, sizes, types, ["T0", "T1", "T2", "T3"], references, roots);
    }

    /// <summary>Per object: its immediate dominator, SuperRoot or Unreachable, by iterating to a fixed point.</summary>
    private static int[] IterativeDominators(PlainGraph graph)
    {
        var n = graph.Count;
        var super = n;
        // Reverse postorder of a depth-first search from the super-root (node n), iterative.
        var order = new List<int>(n + 1);
        var seen = new bool[n + 1];
        var stack = new Stack<(int Node, int Next)>();
        seen[super] = true;
        stack.Push((super, 0));
        while (stack.Count > 0)
        {
            var (node, next) = stack.Pop();
            var successors = node == super ? graph.Roots.Select(r => r.Object).ToList() : graph.References[node];
            if (next < successors.Count)
            {
                stack.Push((node, next + 1));
                var child = successors[next];
                if (child >= 0 && !seen[child])
                {
                    seen[child] = true;
                    stack.Push((child, 0));
                }
                continue;
            }
            order.Add(node);
        }
        order.Reverse();
        var position = new int[n + 1];
        Array.Fill(position, -1);
        for (var p = 0; p < order.Count; p++)
        {
            position[order[p]] = p;
        }
        var predecessors = Enumerable.Range(0, n + 1).Select(_ => new List<int>()).ToArray();
        foreach (var root in graph.Roots)
        {
            predecessors[root.Object].Add(super);
        }
        for (var u = 0; u < n; u++)
        {
            foreach (var v in graph.References[u].Where(v => v >= 0))
            {
                predecessors[v].Add(u);
            }
        }
        var idom = new int[n + 1];
        Array.Fill(idom, -1);
        idom[super] = super;
        for (var changed = true; changed;)
        {
            changed = false;
            foreach (var node in order.Skip(1))
            {
                var best = -1;
                foreach (var p in predecessors[node].Where(p => idom[p] >= 0))
                {
                    best = best < 0 ? p : Intersect(p, best, idom, position);
                }
                if (best != idom[node])
                {
                    idom[node] = best;
                    changed = true;
                }
            }
        }
        return [.. Enumerable.Range(0, n).Select(i => position[i] < 0 ? DominatorTree.Unreachable : idom[i] == super ? DominatorTree.SuperRoot : idom[i])];
    }

    private static int Intersect(int a, int b, int[] idom, int[] position)
    {
        while (a != b)
        {
            while (position[a] > position[b])
            {
                a = idom[a];
            }
            while (position[b] > position[a])
            {
                b = idom[b];
            }
        }
        return a;
    }
}

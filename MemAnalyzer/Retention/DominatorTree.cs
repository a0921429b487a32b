using System.Runtime.CompilerServices;

namespace MemAnalyzer.Retention;

/// <summary>
/// The dominator tree of an <see cref="ObjectGraph"/> under a virtual super-root that references every root, and the
/// retained sizes it gives: an object retains itself and every object it dominates (what would become unreachable
/// without it); a type retains the retained sizes of its instances that no other instance of the type dominates.
/// Unreachable objects are in no tree and retain nothing.
/// <para>
/// Immediate dominators come from Semi-NCA (<see cref="SemiNca"/>) on a depth-first preorder numbering, O(E log N) on
/// any graph. (Cooper, Harvey and Kennedy's iterative algorithm needs no predecessor lists, but it is quadratic on
/// shapes heaps have: a LinkedList&lt;T&gt; of 100,000 nodes, each pointing back to its list, took 15 s.)
/// Memory, for n objects, m references and m' references that do not come from the referenced object's search-tree
/// parent (none for an object with one referrer, most of a heap): 12 bytes per object kept (dominator and retained
/// size). While computing, beside the graph's 4 bytes per object of types: the search holds 12 bytes per object
/// (preorder number, whose slot is also the search's cursor, vertex, parent); the predecessor rows 12 per object
/// (preorder number, parent, offsets) and 4 per m', beside the graph's references (4 per object and per reference,
/// released next unless root paths need them); Semi-NCA 20 per object (vertex, ancestor, offsets that end up holding
/// the semidominators, dominator, label) and 4 per m'; the retained sizes 24 per object (vertex, dominator, two
/// arrays of scratch for the child lists, and the 8-byte sizes). Lengauer–Tarjan before held 28 bytes per object and
/// 4 per reference.
/// </para>
/// <para>
/// Fresh memory costs a page fault per page (at 10^8 objects half of this computation's time was the kernel clearing
/// fresh pages), so the arrays are memory written before where they can be: the search's three come from the graph's
/// <see cref="ObjectGraph.Scratch"/> (for a graph read from a heap, the arrays its references were read into), the
/// vertex array becomes the predecessor offsets, and released references nobody else reads become the vertex and
/// label arrays.
/// </para>
/// </summary>
public sealed class DominatorTree
{
    /// <summary>The immediate dominator of an object that only the super-root dominates (held by roots, or by several ways from them).</summary>
    public const int SuperRoot = -1;

    /// <summary>The immediate dominator of an unreachable object.</summary>
    public const int Unreachable = -2;

    /// <summary>How many arrays of <see cref="ObjectGraph.Scratch"/> the computation takes at once.</summary>
    internal const int ScratchArraysTaken = 3;

    private readonly Column<int> _dominators;

    private DominatorTree(Column<int> dominators, Column<long> retained, long[] retainedPerType, int reachable, long reachableBytes)
    {
        _dominators = dominators;
        RetainedBytes = retained;
        RetainedBytesPerType = retainedPerType;
        ReachableCount = reachable;
        ReachableBytes = reachableBytes;
    }

    /// <summary>A tree computed before, read back from an index.</summary>
    /// <param name="dominators">Per object, as <see cref="ImmediateDominators"/>.</param>
    public static DominatorTree FromParts(Column<int> dominators, Column<long> retained, long[] retainedPerType, int reachable, long reachableBytes)
    {
        if (dominators.Length != retained.Length)
        {
            throw new ArgumentException($"{dominators.Length} dominators but {retained.Length} retained sizes");
        }
        return new DominatorTree(dominators, retained, retainedPerType, reachable, reachableBytes);
    }

    /// <summary>Per object: the immediate dominator's object number, <see cref="SuperRoot"/> or <see cref="Unreachable"/>.</summary>
    public ReadOnlySpan<int> ImmediateDominators => _dominators.Span[..RetainedBytes.Length];

    /// <summary>Per object: bytes it retains, its own included; 0 when unreachable (mapped from the index file when read back from one).</summary>
    public Column<long> RetainedBytes { get; }

    /// <summary>Per type index of the graph: bytes its instances retain together (nested instances counted once).</summary>
    public long[] RetainedBytesPerType { get; }

    /// <summary>Reachable objects (the super-root not counted).</summary>
    public int ReachableCount { get; }

    /// <summary>Bytes of the reachable objects: what the super-root retains.</summary>
    public long ReachableBytes { get; }

    public int ImmediateDominatorOf(int obj) => _dominators[obj];

    public bool IsReachable(int obj) => _dominators[obj] != Unreachable;

    /// <summary>The immediate dominator of every object reachable from the graph's super-root (Semi-NCA).</summary>
    /// <param name="references">What becomes of the graph's references once the predecessor rows are built.</param>
    /// <param name="childRowsNext">The caller makes the tree's child rows next (-suspects, -dominators): two arrays of
    /// the search, free at the end, are left in the graph's <see cref="ObjectGraph.Scratch"/> for them
    /// (<see cref="Suspects.DominatorChildren.Of(ReadOnlySpan{int}, ScratchArrays)"/> takes them and lets the scratch
    /// go); otherwise the scratch is let go of here.</param>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static DominatorTree Compute(ObjectGraph graph, CancellationToken cancellation = default,
        ReferencesAfterwards references = ReferencesAfterwards.Kept, bool childRowsNext = false)
    {
        if (graph.ReferencesReleased)
        {
            throw new InvalidOperationException("the graph's references were released: its dominators were computed already");
        }
        var n = graph.Count;
        // What the graph's builder let go of goes back to the system before the largest allocations.
        ReturnFreedMemory(n);
        // Arrays of n + 2 ints, memory already written when the graph was read from a heap. The spare slot of the
        // second: it holds the predecessor offsets next, whose semidominators are kept one place up (SemiNca).
        var scratch = graph.Scratch;
        var rank = scratch.Take();
        Array.Clear(rank);
        var vertex = scratch.Take();
        var parent = scratch.Take();
        var count = DepthFirstNumbering.Compute(graph, rank, vertex, parent, cancellation);
        // The objects by number are rebuilt from their numbers once the references are gone (not held beside both
        // copies); their array takes the predecessor offsets, and the result is read from it. Each array reused here
        // is memory already touched: a fresh one costs a page fault per page.
        var start = vertex;
        var predecessors = Predecessors.Build(graph, rank, parent, count, start, cancellation);
        int[] label;
        if (references == ReferencesAfterwards.Reused)
        {
            // The references' offsets (Count + 1) hold the objects by number, the references themselves the labels.
            (vertex, label) = graph.ReleaseReferences();
            if (label.Length < count)
            {
                label = new int[count];
            }
        }
        else
        {
            if (references == ReferencesAfterwards.Released)
            {
                graph.ReleaseReferences();
            }
            ReturnFreedMemory(n);
            vertex = new int[n + 1];
            label = new int[count];
        }
        vertex[0] = n;
        for (var obj = 0; obj < n; obj++)
        {
            if (rank[obj] != 0)
            {
                vertex[rank[obj]] = obj;
            }
        }
        // The preorder numbers of objects are not needed any more: their array holds the dominators.
        var dominator = rank;
        SemiNca.Compute(count, parent, start, predecessors, label, dominator, cancellation);
        predecessors = label = null!;
        // Freed, these arrays are fragments of the large-object heap too small for the long[] below: return them.
        ReturnFreedMemory(n);

        // Preorder puts every dominator before what it dominates: add sizes up from the last number to the first.
        var retained = new long[n];
        long reachableBytes = 0;
        for (var w = count - 1; w >= 1; w--)
        {
            var obj = vertex[w];
            var total = retained[obj] + graph.SizeOf(obj);
            retained[obj] = total;
            if (dominator[w] == 0)
            {
                reachableBytes += total;
            }
            else
            {
                retained[vertex[dominator[w]]] += total;
            }
        }
        var perType = TypeRetention.Compute(dominator, count, vertex, graph.TypeIndex.Span, graph.TypeNames.Length, retained,
            firstChild: start, nextSibling: parent);

        // The per-object dominators take the place of the predecessor offsets.
        var dominators = start;
        Array.Fill(dominators, Unreachable);
        for (var w = 1; w < count; w++)
        {
            dominators[vertex[w]] = dominator[w] == 0 ? SuperRoot : vertex[dominator[w]];
        }
        if (childRowsNext)
        {
            // The child rows take an int per object twice: these two, not fresh memory.
            scratch.Return(dominator);
            scratch.Return(parent);
        }
        else
        {
            // Nothing after the dominators computes an int per object of this graph.
            scratch.Clear();
        }
        return new DominatorTree(dominators, retained, perType, count - 1, reachableBytes);
    }

    /// <summary>
    /// A compacting collection that decommits what is free, on graphs of a million objects or more (whose arrays are
    /// megabytes): without it the GC's large-object budget lets freed arrays stay resident under the next ones.
    /// </summary>
    private static void ReturnFreedMemory(int objects)
    {
        if (objects >= 1 << 20)
        {
            GC.Collect(GC.MaxGeneration, GCCollectionMode.Aggressive, blocking: true, compacting: true);
        }
    }
}

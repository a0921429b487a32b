using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Retention;

namespace MemAnalyzer.Commands;

/// <summary>What -handles reads while the target is open: the handle groups, and what the walk had to warn about.</summary>
public sealed record HandlesReading(IReadOnlyList<HandleGroup> Groups, IReadOnlyList<string> Warnings)
{
    /// <summary>
    /// The live mark (to tell unreachable targets), then the handles; with <paramref name="retained"/>, the live graph
    /// and its dominator tree as -retained computes them, for the bytes each group's targets keep alive.
    /// </summary>
    public static HandlesReading Read(HeapSource source, WalkOptions walk, bool retained, CancellationToken cancellation, IProgress<HeapWalkProgress>? progress)
    {
        if (!retained)
        {
            var live = LiveObjectMarker.Mark(source, walk, cancellation);
            return new HandlesReading(HandleCensus.Read(source, live, null, cancellation), []);
        }
        var (graph, marked, warnings, tree, _) = LiveGraphReader.Read(source, walk, withPaths: false, cancellation, progress);
        return new HandlesReading(HandleCensus.Read(source, marked, targets => SetRetention.Of(targets.Select(graph.IndexOf), tree!), cancellation), warnings);
    }
}

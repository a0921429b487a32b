using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;
using MemAnalyzer.Verdicts;

namespace MemAnalyzer.Views;

/// <summary>What -suspects and -dominators read while the target is open: the live snapshot (for its warnings) and the dominator tree's answers.</summary>
public sealed record SuspectsReading<T>(HeapSnapshot Snapshot, T Result)
{
    /// <summary>
    /// The live graph (its mark is the snapshot's live set), the snapshot, the dominator tree and its child rows; then
    /// <paramref name="answer"/> with root paths named through the open heap, if it asks for them.
    /// </summary>
    public static SuspectsReading<T> Read(HeapSource source, WalkOptions walk, bool needsPaths, CancellationToken cancellation,
        IProgress<HeapWalkProgress>? progress, Func<Tree, T> answer)
    {
        var read = LiveGraphReader.Read(source, walk, withPaths: needsPaths, cancellation, progress, childRowsNext: true);
        var (graph, live, graphWarnings, tree, paths) = read;
        var snapshot = LiveGraphReader.TypeTable(read.LiveTable, live, source, ObjectSelection.Live, null, walk, cancellation, progress);
        if (graphWarnings.Count > 0)
        {
            snapshot = snapshot with { Warnings = [.. snapshot.Warnings, .. graphWarnings] };
        }
        // In the two arrays the dominators' search left (a tree read from the index left none: two fresh ones).
        var children = DominatorChildren.Of(tree!.ImmediateDominators, graph.Scratch);
        var fieldNames = needsPaths ? FieldNames.Of(source.Heap, graph, walk.DacCalls) : null;
        return new SuspectsReading<T>(snapshot, answer(new Tree(graph, tree, children, paths, fieldNames, cancellation, PathJudge.FinishedOn(source.Heap, graph))));
    }

    /// <summary>The dominator tree of the live graph, with root paths when they were asked for.</summary>
    public sealed record Tree(ObjectGraph Graph, DominatorTree Dominators, DominatorChildren Children, RootPaths? Paths,
        Func<int, int, string?>? FieldNames, CancellationToken Cancellation, Func<int, string?>? Finished = null)
    {
        /// <summary>The object's path, judged (<see cref="PathJudge"/>).</summary>
        public RootPath? PathOf(int obj) => Judged(Paths!.PathOf(obj, FieldNames!, Dominators));

        /// <summary>The most common path to the type's instances, judged.</summary>
        public RootPath? TypePathOf(int type) => Judged(Paths!.Top(type, 1, FieldNames!, Cancellation).FirstOrDefault());

        private RootPath? Judged(RootPath? path) => path is null ? null : PathJudge.Judge(path, Finished);
    }
}

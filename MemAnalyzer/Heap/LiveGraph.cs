using MemAnalyzer.Retention;

namespace MemAnalyzer.Heap;

/// <summary>
/// The live object graph of one heap with what was computed from it: the mark it was numbered by, what the graph had
/// to leave out (in words), and its dominator tree. Built by <see cref="LiveGraphReader"/>, or read back from an index.
/// </summary>
/// <param name="Tree">Null only when it was not asked for and no index keeps it.</param>
public sealed record LiveGraph(ObjectGraph Graph, ObjectBitmap Live, IReadOnlyList<string> Warnings, DominatorTree? Tree);

namespace MemAnalyzer.Objects;

/// <summary>What -objects read while the target was open.</summary>
/// <param name="Objects">The object asked for, or the largest-retained live instances of the type, largest first.</param>
/// <param name="DeadMatches">For a type with no live instance: how many unreachable (dead) objects have it, else 0.</param>
/// <param name="TypeNames">Every type name of the heap, for the error that names the closest ones.</param>
/// <param name="Instances">For a type: how many live instances it has (the objects shown are the largest of them).</param>
/// <param name="Warnings">What the live graph had to leave out.</param>
public sealed record ObjectsResult(IReadOnlyList<ObjectView> Objects, long DeadMatches, IReadOnlyList<string> TypeNames, long Instances, IReadOnlyList<string> Warnings)
{
    /// <summary>For a type: the query as matched, a short type name resolved to the full one.</summary>
    public Analysis.RootsQuery? Type { get; init; }
}

namespace MemAnalyzer.Retention;

/// <summary>What <see cref="DominatorTree.Compute"/> does with the graph's references once its predecessor rows are built.</summary>
public enum ReferencesAfterwards
{
    /// <summary>Kept: what comes after reads them (root paths).</summary>
    Kept,

    /// <summary>Let go of: nothing after reads them, and the peak holds one copy of the references instead of two.</summary>
    Released,

    /// <summary>
    /// Let go of, and their arrays overwritten as the computation's scratch instead of fresh arrays being made: nothing
    /// else reads them any more (no thread started before stores them).
    /// </summary>
    Reused,
}

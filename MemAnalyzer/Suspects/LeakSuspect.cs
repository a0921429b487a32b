using MemAnalyzer.Retention;

namespace MemAnalyzer.Suspects;

/// <summary>
/// One leak suspect: an object (or a group of one type's instances, none big enough alone) retaining a large share of
/// the live heap, the accumulation point beneath it, the path from a root to that point, and what accumulates there.
/// </summary>
/// <param name="Address">The suspect object's address; 0 for a group.</param>
/// <param name="TypeName">The suspect's type (a group's type).</param>
/// <param name="Instances">1 for an object; for a group, its instances.</param>
/// <param name="Retained">Bytes the suspect (the group together) retains.</param>
/// <param name="LiveBytes">Bytes of the live heap, of which <paramref name="Retained"/> is a share.</param>
/// <param name="PointAddress">The accumulation point's address; 0 for a group (its instances are the point).</param>
/// <param name="PointTypeName">The accumulation point's type.</param>
/// <param name="PointRetained">Bytes the accumulation point retains (the group's for a group).</param>
/// <param name="Path">The shortest path from a root to the accumulation point; for a group, the most common path to its instances.</param>
/// <param name="Accumulated">The types beneath the point (for a group, its instances and beneath), most bytes first.</param>
public sealed record LeakSuspect(
    ulong Address,
    string TypeName,
    long Instances,
    long Retained,
    long LiveBytes,
    ulong PointAddress,
    string PointTypeName,
    long PointRetained,
    RootPath? Path,
    IReadOnlyList<AccumulatedType> Accumulated)
{
    public bool IsGroup => Address == 0;

    /// <summary>The framework code's retention pattern its root path matches (<see cref="Verdicts.LibraryPatterns"/>), or null: the application's own.</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public Verdicts.LibraryPattern? Pattern { get; init; }

    /// <summary>Percent of the live heap the suspect retains.</summary>
    public double Share => LiveBytes == 0 ? 0 : 100.0 * Retained / LiveBytes;

    /// <summary>What matches one owner across two snapshots: the root path to the accumulation point (its type included).</summary>
    public string Key => Path?.Text ?? PointTypeName;

    /// <summary>The leak's identity across dumps and runs: <see cref="LeakSignature"/> of its root path's suspect sub-path.</summary>
    public string Signature => LeakSignature.Of(Path, IsGroup ? TypeName : PointTypeName);
}

namespace MemAnalyzer.Suspects;

/// <summary>
/// An owner that grew between two snapshots: its accumulation point in the second (matched to the first by root path
/// and type), its retained bytes on both sides, and the accumulated types that grew most beneath it.
/// </summary>
/// <param name="Second">The owner in the second snapshot (with several owners on one path, the largest; bytes are their sum).</param>
/// <param name="FirstRetained">Bytes retained by the same path in the first snapshot; 0 when it had no such owner.</param>
/// <param name="SecondRetained">Bytes retained by the path's owners in the second snapshot.</param>
/// <param name="Matched">Whether the first snapshot had an object on this path (for a group: instances of its type).</param>
/// <param name="FirstInstances">For a type group (<see cref="LeakSuspect.IsGroup"/>), its instances in the first snapshot.</param>
public sealed record SuspectGrowth(LeakSuspect Second, long FirstRetained, long SecondRetained, bool Matched, IReadOnlyList<AccumulatedGrowth> Accumulated,
    long FirstInstances = 0)
{
    public long Growth => SecondRetained - FirstRetained;
}

/// <summary>One type beneath a grown owner: its instances and bytes in the second snapshot, and their change.</summary>
public sealed record AccumulatedGrowth(string TypeName, long Count, long Bytes, long DeltaCount, long DeltaBytes);

namespace MemAnalyzer.TestTargets;

/// <summary>
/// LeakyApp's "fragmentation" mode (LeakyApp/FragmentationScenario.cs): arrays pinned by handles with a dropped array
/// between each two, and POH arrays every other one dropped, then full compacting GCs, so that gen2 and the POH hold
/// free blocks between pinned arrays. Sizes are x64 .NET's.
/// </summary>
public static partial class ExpectedCounts
{
    public const string FragmentationMode = "fragmentation";

    public const string FragmentationPinnedType = TargetNamespace + ".FragmentationCell[]";

    public const string FragmentationPohType = TargetNamespace + ".FragmentationPohCell[]";

    /// <summary>Arrays pinned by a pinned GCHandle, each followed by a dropped array.</summary>
    public const int FragmentationPinned = 2_000;

    /// <summary>FragmentationCell (8 bytes) per pinned array.</summary>
    public const int FragmentationCellsPerArray = 16;

    /// <summary>A FragmentationCell[16]: 16 header + 8 length + 8 × 16.</summary>
    public const long FragmentationPinnedSize = 24 + 8L * FragmentationCellsPerArray;

    /// <summary>The dropped array after each pinned one: a byte[FragmentationGapLength] (24 + 8,000 bytes).</summary>
    public const int FragmentationGapLength = 8_000;

    /// <summary>POH arrays (GC.AllocateArray pinned) kept; as many were dropped, one after each kept one.</summary>
    public const int FragmentationPohKept = 100;

    public const int FragmentationPohCellsPerArray = 500;

    /// <summary>A FragmentationPohCell[500]: 24 + 8 × 500.</summary>
    public const long FragmentationPohSize = 24 + 8L * FragmentationPohCellsPerArray;

    /// <summary>
    /// The "morefrag" stdin command keeps this many more POH arrays, each followed by a dropped one, then sweeps (a full
    /// GC that does not compact, so gen2's free blocks stay as they are). The new arrays are larger than any free block
    /// of the POH, so they go after the old ones: every old and new kept array is next to a free block.
    /// </summary>
    public const int FragmentationMorePoh = 100;

    public const int FragmentationMorePohCellsPerArray = 8_000;

    /// <summary>A FragmentationPohCell[8000]: 24 + 8 × 8,000.</summary>
    public const long FragmentationMorePohSize = 24 + 8L * FragmentationMorePohCellsPerArray;

    public const string FragmentationMoreCommand = "morefrag";

    public const string FragmentationMoreAck = "FRAGMENTED";
}

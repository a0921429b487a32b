namespace MemAnalyzer.TestTargets;

/// <summary>
/// LeakyApp's "generations" mode (GenerationsScenario): objects planted in each generation by construction, after the
/// mode's last full GC. Old items survive two full GCs (gen2), middle items one gen0 GC (gen1), young items none (gen0);
/// arrays of at least 85,000 bytes lie on the LOH, GC.AllocateArray(pinned: true) ones on the POH; pinned GC handles
/// hold small struct arrays that were allocated between garbage arrays, so free blocks lie next to them after a GC.
/// </summary>
public static partial class ExpectedCounts
{
    public const string GenerationsMode = "generations";

    public const string OldItemType = "MemAnalyzer.TestTargets.LeakyApp.OldItem";
    public const string MiddleItemType = "MemAnalyzer.TestTargets.LeakyApp.MiddleItem";
    public const string YoungItemType = "MemAnalyzer.TestTargets.LeakyApp.YoungItem";
    public const string LohCellArrayType = "MemAnalyzer.TestTargets.LeakyApp.LohCell[]";
    public const string PohCellArrayType = "MemAnalyzer.TestTargets.LeakyApp.PohCell[]";
    public const string PinnedCellArrayType = "MemAnalyzer.TestTargets.LeakyApp.PinnedCell[]";

    /// <summary>Gen2: survived two full GCs.</summary>
    public const int OldItems = 2_000;

    /// <summary>Gen1: survived one gen0 GC.</summary>
    public const int MiddleItems = 700;

    /// <summary>Gen0: allocated after the last GC.</summary>
    public const int YoungItems = 500;

    /// <summary>An item: a MethodTable, one long and the 8 bytes of the object header: 24 bytes.</summary>
    public const int GenerationItemSize = 24;

    /// <summary>Arrays on the LOH, each <see cref="LohCellsPerArray"/> 8-byte structs: 24 + 96,000 bytes (85,000 or more).</summary>
    public const int LohArrays = 20;
    public const int LohCellsPerArray = 12_000;
    public const long LohArraySize = 24 + 8L * LohCellsPerArray;

    /// <summary>Arrays on the POH (GC.AllocateArray pinned), each <see cref="PohCellsPerArray"/> 8-byte structs.</summary>
    public const int PohArrays = 30;
    public const int PohCellsPerArray = 100;
    public const long PohArraySize = 24 + 8L * PohCellsPerArray;

    /// <summary>Small struct arrays held by pinned GC handles, each allocated between two garbage byte arrays.</summary>
    public const int PinnedHandleArrays = 200;
    public const int PinnedCellsPerArray = 16;
    public const long PinnedArraySize = 24 + 8L * PinnedCellsPerArray;

    /// <summary>The garbage byte array allocated after each pinned one (freed by the mode's GC: a free block next to it).</summary>
    public const int PinnedGapBytes = 2_000;
}

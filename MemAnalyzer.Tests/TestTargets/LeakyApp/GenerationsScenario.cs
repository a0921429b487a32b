using System.Runtime.InteropServices;

namespace MemAnalyzer.TestTargets.LeakyApp;

public sealed class OldItem { public long Value; }

public sealed class MiddleItem { public long Value; }

public sealed class YoungItem { public long Value; }

public struct LohCell { public long Value; }

public struct PohCell { public long Value; }

public struct PinnedCell { public long Value; }

/// <summary>
/// The "generations" mode: objects in each generation by construction (ExpectedCounts.Generations). Planted after the
/// app's own full GC, in this order: old items and two full GCs (gen2), the pinned arrays between garbage, LOH and POH
/// arrays; middle items and one gen0 GC (gen1); young items last (gen0).
/// </summary>
public static class GenerationsScenario
{
    private static OldItem[]? s_old;
    private static MiddleItem[]? s_middle;
    private static YoungItem[]? s_young;
    private static LohCell[][]? s_loh;
    private static PohCell[][]? s_poh;
    private static GCHandle[]? s_pinned;

    public static void Plant()
    {
        s_old = new OldItem[ExpectedCounts.OldItems];
        for (var i = 0; i < s_old.Length; i++)
        {
            s_old[i] = new OldItem { Value = i };
        }
        s_pinned = new GCHandle[ExpectedCounts.PinnedHandleArrays];
        for (var i = 0; i < s_pinned.Length; i++)
        {
            s_pinned[i] = GCHandle.Alloc(new PinnedCell[ExpectedCounts.PinnedCellsPerArray], GCHandleType.Pinned);
            Garbage(ExpectedCounts.PinnedGapBytes);
        }
        s_loh = new LohCell[ExpectedCounts.LohArrays][];
        for (var i = 0; i < s_loh.Length; i++)
        {
            s_loh[i] = new LohCell[ExpectedCounts.LohCellsPerArray];
        }
        s_poh = new PohCell[ExpectedCounts.PohArrays][];
        for (var i = 0; i < s_poh.Length; i++)
        {
            s_poh[i] = GC.AllocateArray<PohCell>(ExpectedCounts.PohCellsPerArray, pinned: true);
        }
        GC.Collect();
        GC.Collect();

        s_middle = new MiddleItem[ExpectedCounts.MiddleItems];
        for (var i = 0; i < s_middle.Length; i++)
        {
            s_middle[i] = new MiddleItem { Value = i };
        }
        GC.Collect(0, GCCollectionMode.Forced, blocking: true);

        s_young = new YoungItem[ExpectedCounts.YoungItems];
        for (var i = 0; i < s_young.Length; i++)
        {
            s_young[i] = new YoungItem { Value = i };
        }
        GC.KeepAlive(s_old);
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static void Garbage(int bytes) => GC.KeepAlive(new byte[bytes]);
}

using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MemAnalyzer.TestTargets.LeakyApp;

public struct FragmentationCell { public long Value; }

public struct FragmentationPohCell { public long Value; }

/// <summary>
/// The "fragmentation" mode (ExpectedCounts.Fragmentation): arrays pinned by handles, a dropped byte array after each,
/// POH arrays every other one dropped, then full blocking compacting GCs: the pinned arrays cannot move, so the dropped
/// arrays' space stays as free blocks between them in gen2, and the dropped POH arrays' space in the POH.
/// </summary>
public static class FragmentationScenario
{
    private static readonly List<GCHandle> s_pinned = new(ExpectedCounts.FragmentationPinned);
    private static FragmentationPohCell[][]? s_poh;
    private static FragmentationPohCell[][]? s_morePoh;

    public static void Plant()
    {
        Pin(ExpectedCounts.FragmentationPinned);
        s_poh = new FragmentationPohCell[ExpectedCounts.FragmentationPohKept][];
        for (var i = 0; i < s_poh.Length; i++)
        {
            s_poh[i] = GC.AllocateArray<FragmentationPohCell>(ExpectedCounts.FragmentationPohCellsPerArray, pinned: true);
            DropPoh();
        }
        Collect();
    }

    /// <summary>The "morefrag" command: larger POH arrays, every other one dropped, then a full GC that sweeps without compacting.</summary>
    public static void More()
    {
        s_morePoh = new FragmentationPohCell[ExpectedCounts.FragmentationMorePoh][];
        for (var i = 0; i < s_morePoh.Length; i++)
        {
            s_morePoh[i] = GC.AllocateArray<FragmentationPohCell>(ExpectedCounts.FragmentationMorePohCellsPerArray, pinned: true);
            GC.KeepAlive(GC.AllocateArray<FragmentationPohCell>(ExpectedCounts.FragmentationMorePohCellsPerArray, pinned: true));
        }
        GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: false);
    }

    /// <summary>
    /// The arrays are allocated in pairs and kept until two full GCs have put them in gen2; then the first of each pair is
    /// pinned and the second dropped (as long-lived buffers that native code pins), and the next full GC cannot compact
    /// across the pinned ones. (Arrays pinned while young stay in gen0: the GC demotes regions with pinned survivors.)
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Pin(int count)
    {
        var pairs = new object[2 * count];
        for (var i = 0; i < count; i++)
        {
            pairs[2 * i] = new FragmentationCell[ExpectedCounts.FragmentationCellsPerArray];
            pairs[(2 * i) + 1] = new byte[ExpectedCounts.FragmentationGapLength];
        }
        Collect();
        for (var i = 0; i < count; i++)
        {
            s_pinned.Add(GCHandle.Alloc(pairs[2 * i], GCHandleType.Pinned));
        }
        GC.KeepAlive(pairs);
    }

    private static void Collect()
    {
        // Twice: what survives the first collection is in gen1, the second puts it in gen2.
        GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
        GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void DropPoh() => GC.KeepAlive(GC.AllocateArray<FragmentationPohCell>(ExpectedCounts.FragmentationPohCellsPerArray, pinned: true));
}

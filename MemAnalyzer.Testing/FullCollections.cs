using System.Runtime;

namespace MemAnalyzer.Testing;

/// <summary>Full, blocking, compacting collections of every generation (the large object heap too), with pending finalizers run in between.</summary>
internal static class FullCollections
{
    /// <summary>Rounds at most: an object that only a finalizable object held is freed one round after that finalizer ran.</summary>
    private const int MaxRounds = 4;

    /// <summary>Collects until <paramref name="done"/> holds or <see cref="MaxRounds"/> rounds have run.</summary>
    public static void Until(Func<bool> done)
    {
        for (var round = 0; round < MaxRounds; round++)
        {
            GCSettings.LargeObjectHeapCompactionMode = GCLargeObjectHeapCompactionMode.CompactOnce;
            GC.Collect(GC.MaxGeneration, GCCollectionMode.Forced, blocking: true, compacting: true);
            GC.WaitForPendingFinalizers();
            GC.Collect(GC.MaxGeneration, GCCollectionMode.Forced, blocking: true, compacting: true);
            if (done())
            {
                return;
            }
        }
    }
}

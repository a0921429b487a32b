namespace MemAnalyzer.TestTargets.LeakyApp;

/// <summary>Collects without pause on a background thread, so that a dump taken at any moment likely lands inside a GC.</summary>
public static class GcStormScenario
{
    private static readonly List<byte[]> s_kept = new();

    public static void Start()
    {
        for (var i = 0; i < 100_000; i++)
        {
            s_kept.Add(new byte[32]);
        }
        new Thread(() =>
        {
            while (true)
            {
                GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
            }
        }) { IsBackground = true, Name = "GcStorm" }.Start();
    }
}

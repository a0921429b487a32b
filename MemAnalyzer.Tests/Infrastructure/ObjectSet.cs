namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>Which objects a test counts: all of them, those reachable from a root (-live), or the others (-dead).</summary>
public enum ObjectSet
{
    All,
    Live,
    Dead,
}

public static class ObjectSetSwitch
{
    /// <summary>The MemAnalyzer switch that selects the same objects: none, -live or -dead.</summary>
    public static string[] Switch(this ObjectSet set) => set switch
    {
        ObjectSet.Live => ["-live"],
        ObjectSet.Dead => ["-dead"],
        _ => [],
    };
}

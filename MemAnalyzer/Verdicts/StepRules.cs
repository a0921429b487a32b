using MemAnalyzer.Retention;

namespace MemAnalyzer.Verdicts;

/// <summary>
/// What a root or a step says by its kind and type alone: a static field lives as long as the app, so do the
/// runtime's timer queue, the AppDomain, and the root ServiceProvider with the singletons its engine holds. Adding one is one line.
/// </summary>
public static class StepRules
{
    private const string DependencyInjection = "Microsoft.Extensions.DependencyInjection.";

    private static readonly Dictionary<string, string> AppLifetimeTypes = new(StringComparer.Ordinal)
    {
        ["System.Threading.TimerQueue"] = "the runtime's timer queue: lives as long as the app",
        ["System.Threading.TimerQueue[]"] = "the runtime's timer queues: live as long as the app",
        [DependencyInjection + "ServiceProvider"] = "the root ServiceProvider: lives as long as the app",
        ["System.AppDomain"] = "the process's AppDomain: lives as long as the app",
    };

    /// <summary>Why a singleton of a ServiceProvider (a condensed path's root and first step) is not leaking.</summary>
    public const string SingletonReason = "a singleton of the app's ServiceProvider: lives as long as the app";

    public static (string Verdict, string Reason) OfRoot(RootName root) => root.Kind switch
    {
        RootKind.Static => (StepVerdict.NotLeaking, "a static field: lives as long as the app"),
        RootKind.Singleton => (StepVerdict.NotLeaking, SingletonReason),
        _ => (StepVerdict.Unknown, ""),
    };

    /// <param name="inServiceProvider">Set once a step is the root ServiceProvider: the DI engine's steps after it hold its singletons.</param>
    public static (string Verdict, string Reason) OfStep(string typeName, ref bool inServiceProvider)
    {
        if (AppLifetimeTypes.TryGetValue(typeName, out var reason))
        {
            inServiceProvider |= typeName == DependencyInjection + "ServiceProvider";
            return (StepVerdict.NotLeaking, reason);
        }
        if (inServiceProvider && (typeName.StartsWith(DependencyInjection, StringComparison.Ordinal) || typeName.Contains(DependencyInjection + "ServiceLookup.", StringComparison.Ordinal)))
        {
            return (StepVerdict.NotLeaking, "the root ServiceProvider's singletons: live as long as the app");
        }
        inServiceProvider = false;
        return (StepVerdict.Unknown, "");
    }
}

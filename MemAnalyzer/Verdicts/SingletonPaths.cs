using MemAnalyzer.Retention;

namespace MemAnalyzer.Verdicts;

/// <summary>
/// A path through a ServiceProvider's call-site cache (<c>… → ServiceAccessor.&lt;CallSite&gt;k__BackingField →
/// ConstructorCallSite.&lt;Value&gt;k__BackingField → PriceBoard.Changed → …</c>: only a singleton's call site keeps its
/// value) reads as the user wrote it: <c>singleton Acme.PriceBoard of the app's ServiceProvider → PriceBoard.Changed → …</c>.
/// The root's kind is then <see cref="RootKind.Singleton"/>; the steps before the singleton are dropped.
/// </summary>
public static class SingletonPaths
{
    private const string CallSites = "Microsoft.Extensions.DependencyInjection.ServiceLookup.";
    private const string ValueField = "<Value>k__BackingField";

    /// <summary>"singleton {type} of the app's ServiceProvider": the root of a condensed path.</summary>
    public static string RootText(string typeName) => $"singleton {typeName} of the app's ServiceProvider";

    /// <summary>The path from the last singleton it goes through, or the path itself when it goes through none.</summary>
    public static RootPath Condense(RootPath path)
    {
        var singleton = -1;
        for (var i = path.Steps.Count - 2; i >= 0; i--)
        {
            if (IsCachedValue(path.Steps[i]))
            {
                singleton = i + 1;
                break;
            }
        }
        return singleton < 0 ? path : path with
        {
            Root = new RootName(RootKind.Singleton, RootText(path.Steps[singleton].TypeName)),
            Steps = [.. path.Steps.Skip(singleton)],
        };
    }

    private static bool IsCachedValue(PathStep step) =>
        step.Field == ValueField && step.RepeatedThrough is null
        && step.TypeName.StartsWith(CallSites, StringComparison.Ordinal) && step.TypeName.EndsWith("CallSite", StringComparison.Ordinal);
}

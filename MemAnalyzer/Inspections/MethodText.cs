using MemAnalyzer.Objects;
using MemAnalyzer.Retention;

namespace MemAnalyzer.Inspections;

/// <summary>
/// A method as the findings name it: its type without namespaces, a dot, its name (Subscriber.OnPriceChanged); through a
/// framework wrapper, " → " and the wrapped method (OptionsMonitor&lt;FeatureOptions&gt;+ChangeTrackerDisposable.OnChange → FeatureClient.OnFeatureChanged).
/// </summary>
internal static class MethodText
{
    public const string Unknown = "method unknown";

    public static string Of(MethodView method) =>
        (method.Resolved ? $"{ShortTypeNames.Of(method.TypeName ?? "?")}.{method.Name}" : Unknown) + (method.Wrapped is { } wrapped ? " → " + Of(wrapped) : "");

    /// <summary>The methods most called first, at most three, with their counts: "Subscriber.OnPriceChanged ×2,000".</summary>
    public static string Counts(IReadOnlyList<(string Method, long Count)> methods)
    {
        var shown = string.Join(", ", methods.Take(3).Select(m => $"{m.Method} ×{m.Count:N0}"));
        return methods.Count > 3 ? $"{shown}, {methods.Count - 3:N0} more methods" : shown;
    }
}

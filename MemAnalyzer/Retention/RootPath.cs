namespace MemAnalyzer.Retention;

/// <summary>
/// One chain of types and fields from a root to instances of a type, with how many instances it leads to, their bytes
/// (their own sizes) and, when retained sizes were computed, the bytes they retain together (an instance that another
/// instance of the same line dominates is counted once, inside the outer one). The last step is the instances' type.
/// </summary>
public sealed record RootPath(RootName Root, IReadOnlyList<PathStep> Steps, long Count, long Bytes, long? Retained = null)
{
    /// <summary>The verdicts on the root and each step, once a judge gave them (null before).</summary>
    public PathVerdicts? Verdicts { get; init; }

    /// <summary>The object number of one instance the path leads to (the line's lowest), or -1: what a judge reads.</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public int Example { get; init; } = -1;

    /// <summary><c>static Acme.Shop.Cache.s_orders → Dictionary&lt;Int32, Order&gt;._entries → Entry[] → Order</c>.</summary>
    public string Text => string.Join(" → ", Steps.Select(s => s.Text).Prepend(Root.Description));

    public override string ToString() => Retained is { } retained
        ? $"{Count} instances, {Bytes} bytes, {retained} retained: {Text}"
        : $"{Count} instances, {Bytes} bytes: {Text}";
}

namespace MemAnalyzer.Output;

/// <summary>What -baseline says of a suspect's signature: "known" (listed), "new" (not listed), or nothing without a baseline.</summary>
public static class BaselineStatus
{
    public const string Known = "known";
    public const string New = "new";

    public static string? Of(IReadOnlySet<string>? known, string signature) =>
        known is null ? null : known.Contains(signature) ? Known : New;

    /// <summary>"   Signature: 0123456789abcdef (known: in the baseline)": the console's line under a suspect.</summary>
    public static string Line(IReadOnlySet<string>? known, string signature) => Of(known, signature) switch
    {
        Known => $"   Signature: {signature} (known: in the baseline)",
        New => $"   Signature: {signature} (new: not in the baseline)",
        _ => $"   Signature: {signature}",
    };
}

using System.Globalization;
using MemAnalyzer.Analysis;

namespace MemAnalyzer.Objects;

/// <summary>
/// -objects &lt;type|address&gt; [N]: one object by its address (0x followed by hex digits), or the N largest-retained
/// live instances of a type (exact name with namespace, or a pattern with <c>*</c> wildcards, as -roots takes).
/// </summary>
public sealed class ObjectsQuery
{
    public const int DefaultTop = 5;

    public ObjectsQuery(string target, int top)
    {
        Target = target;
        Top = top;
        Address = ParseAddress(target);
        Type = Address is null ? new RootsQuery(target, top) : null;
    }

    public string Target { get; }

    public int Top { get; }

    /// <summary>The object's address when the target is one (0x…), else null.</summary>
    public ulong? Address { get; }

    /// <summary>The type the instances must have when the target is no address, else null.</summary>
    public RootsQuery? Type { get; }

    /// <summary>"0x7f12ab" (or "0X…") is an address; anything else is a type name.</summary>
    public static ulong? ParseAddress(string text) =>
        text.Length > 2 && text[0] == '0' && text[1] is 'x' or 'X'
        && ulong.TryParse(text.AsSpan(2), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var address)
            ? address
            : null;
}

using MemAnalyzer.Objects;
using MemAnalyzer.Output;

namespace MemAnalyzer.Views;

/// <summary>One value of -objects as console text: null, 17, "order:0001", Byte[512] @0x7f… (retained 536 B), TimeSpan 00:01:00.</summary>
public static class ValueText
{
    public static string Of(ValueView value) => value.Kind switch
    {
        ValueKind.Null => "null",
        ValueKind.Primitive => value.Text ?? "",
        ValueKind.String => $"\"{StringText.Escape(value.Text ?? "", StringText.ConsoleChars, value.IsCut)}\"" +
            (value.Length > StringText.ConsoleChars ? $" ({NumberFormat.N(value.Length.Value)} chars)" : ""),
        ValueKind.Reference => Reference(value),
        ValueKind.Struct => $"{RootPathRenderer.ShortName(value.TypeName ?? "struct")} {{ {(value.Fields is { Count: > 0 } fields ? string.Join(", ", fields.Select(f => $"{f.Name} = {Of(f.Value)}")) : "…")} }}",
        _ => $"<unreadable: {value.Text}>",
    };

    /// <summary>Counts of an array, collection, delegate or cache: "count 10, capacity 16", "length 512, 3 non-null", "2,000 handlers".</summary>
    public static string Counts(ContentView content) => content.Kind switch
    {
        ContentKind.Array => $"length {NumberFormat.N(content.Count ?? 0)}" + (content.NonNull is { } n ? $", {NumberFormat.N(n)} non-null" : ""),
        ContentKind.Delegate => $"{NumberFormat.N(content.Count ?? 0)} handler{(content.Count == 1 ? "" : "s")}",
        ContentKind.MemoryCache => $"{NumberFormat.N(content.Count ?? 0)} entr{(content.Count == 1 ? "y" : "ies")}",
        _ => $"count {NumberFormat.N(content.Count ?? 0)}" + (content.Capacity is { } c ? $", capacity {NumberFormat.N(c)}" : ""),
    };

    /// <summary>Subscriber.OnPriceChanged, or the code pointer ClrMD could not resolve; through a wrapper, " → " and the wrapped method.</summary>
    public static string Method(MethodView method) =>
        (method.Resolved ? $"{RootPathRenderer.ShortName(method.TypeName ?? "?")}.{method.Name}" : $"<method not resolvable: code 0x{method.Code:x}>")
        + (method.Wrapped is { } wrapped ? " → " + Method(wrapped) : "");

    private static string Reference(ValueView value)
    {
        var type = RootPathRenderer.ShortName(value.TypeName ?? "?");
        if (value.Length is { } length && type.EndsWith("[]", StringComparison.Ordinal))
        {
            type = $"{type[..^2]}[{NumberFormat.N(length)}]";
        }
        var retained = value.Retained is { } bytes ? $"retained {ObjectsRenderer.Bytes(bytes)}" : "not live";
        var summary = value.Content is { } content ? Summary(content) : "";
        return $"{type} @0x{value.Address:x} ({retained}){summary}";
    }

    private static string Summary(ContentView content) => content.Kind switch
    {
        ContentKind.Array => content.NonNull is { } n ? $", {NumberFormat.N(n)} non-null" : "",
        // A single-cast delegate (an element of an event's invocation list, a callback): just the method it calls.
        ContentKind.Delegate when content is { Count: 1, Methods: [var only] } => $" → {Method(only.Method)}",
        ContentKind.Delegate => $": {Counts(content)}" + (content.Methods is { Count: > 0 } methods
            ? ", " + string.Join(", ", methods.Take(3).Select(m => $"{Method(m.Method)} ×{NumberFormat.N(m.Count)}")) + (methods.Count > 3 ? ", …" : "")
            : ""),
        _ => $": {Counts(content)}",
    };
}

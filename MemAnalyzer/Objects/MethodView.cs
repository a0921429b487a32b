namespace MemAnalyzer.Objects;

/// <summary>The method a delegate calls, as ClrMD resolved it from the delegate's code pointer.</summary>
/// <param name="TypeName">The declaring type (full name), null when unresolved.</param>
/// <param name="Name">The method's name, null when unresolved.</param>
/// <param name="Code">The code pointer that was resolved (or not).</param>
/// <param name="Wrapped">When the delegate's target is a framework wrapper holding a delegate, the method that delegate calls.</param>
public sealed record MethodView(string? TypeName, string? Name, ulong Code, MethodView? Wrapped = null)
{
    public bool Resolved => Name is not null;
}

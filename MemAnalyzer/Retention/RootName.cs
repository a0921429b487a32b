namespace MemAnalyzer.Retention;

/// <summary>
/// One root as the report names it: its kind (which orders the roots) and the full text the heap side composed,
/// such as <c>static Acme.Shop.Cache.s_orders</c>, <c>strong handle</c> or <c>stack of thread 17 in Acme.Shop.Worker.Run</c>.
/// Roots with the same name share one entry of <see cref="ObjectGraph.RootNames"/>.
/// </summary>
public sealed record RootName(RootKind Kind, string Description)
{
    public override string ToString() => Description;
}

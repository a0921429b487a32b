namespace MemAnalyzer.Output;

/// <summary>
/// The rows of a type table in its three sections: the type rows, the heap summary and the memory map (-vmmap). The CSV
/// writes them one after the other (<see cref="All"/>); the JSON document gives each section its own list.
/// </summary>
public sealed record TableSections<TRow>(IReadOnlyList<TRow> Types, IReadOnlyList<TRow> Summary, IReadOnlyList<TRow> MemoryMap)
{
    public IReadOnlyList<TRow> All => [.. Types, .. Summary, .. MemoryMap];
}

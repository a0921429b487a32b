namespace MemAnalyzer.Output;

/// <summary>
/// One rectangle of a treemap: its label, the bytes that size it, what its tooltip says, and the rectangles nested in it
/// (whose sizes add up to at most its own).
/// </summary>
/// <param name="Detail">The tooltip's lines after the label: type, retained and shallow bytes, count.</param>
/// <param name="Key">A stable name tests and links find the rectangle by (a type name, an address), or empty.</param>
public sealed record TreemapNode(string Label, long Size, string Detail, string Key, IReadOnlyList<TreemapNode> Children)
{
    public static TreemapNode Leaf(string label, long size, string detail, string key = "") => new(label, size, detail, key, []);
}

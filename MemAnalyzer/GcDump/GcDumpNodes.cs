namespace MemAnalyzer.GcDump;

/// <summary>
/// Decodes a node's record in the blob (docs/gcdump-format.md): a compressed (type index × 2 + 1 if a size follows), the
/// size when it does (else the type's size), the number of children, and each child as its offset from the node's own number.
/// </summary>
public static class GcDumpNodes
{
    /// <summary>The node's type, size and number of children; <paramref name="childrenAt"/> is where its first child's offset starts in the blob.</summary>
    public static int Read(GcDumpFile file, int node, out int size, out int childCount, out int childrenAt)
    {
        var at = file.NodeLabels[node];
        var typeAndSize = CompressedInt.Read(file.Blob, ref at);
        var type = typeAndSize >> 1;
        if ((uint)type >= (uint)file.Types.Length)
        {
            throw new GcDumpFormatException($"node {node:N0} names type {type:N0}, but the graph has {file.Types.Length:N0} types");
        }
        size = (typeAndSize & 1) != 0 ? CompressedInt.Read(file.Blob, ref at) : file.Types[type].Size;
        childCount = CompressedInt.Read(file.Blob, ref at);
        if (childCount < 0 || size < 0)
        {
            throw new GcDumpFormatException($"node {node:N0} has a negative size or number of references");
        }
        childrenAt = at;
        return type;
    }

    /// <summary>The next child of <paramref name="node"/>, reading at <paramref name="at"/>.</summary>
    public static int NextChild(GcDumpFile file, int node, ref int at)
    {
        var child = CompressedInt.Read(file.Blob, ref at) + node;
        if ((uint)child >= (uint)file.NodeCount)
        {
            throw new GcDumpFormatException($"node {node:N0} references node {child:N0}, but the graph has {file.NodeCount:N0} nodes");
        }
        return child;
    }

    /// <summary>True for a node that is a heap object: its type has a size (the root tree's pseudo-types and UNDEFINED have none), as dotnet-gcdump report counts them.</summary>
    public static bool IsObject(GcDumpFile file, int type) => file.Types[type].Size > 0;

    /// <summary>Decodes every node once, so that a damaged graph fails here, with a message, rather than halfway through a view.</summary>
    public static void Validate(GcDumpFile file)
    {
        if ((uint)file.RootNode >= (uint)file.NodeCount)
        {
            throw new GcDumpFormatException($"its root node {file.RootNode:N0} is not one of its {file.NodeCount:N0} nodes");
        }
        for (var node = 0; node < file.NodeCount; node++)
        {
            Read(file, node, out _, out var children, out var at);
            for (var c = 0; c < children; c++)
            {
                NextChild(file, node, ref at);
            }
        }
    }
}

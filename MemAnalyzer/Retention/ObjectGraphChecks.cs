namespace MemAnalyzer.Retention;

/// <summary>What a new <see cref="ObjectGraph"/> checks of its arrays: lengths that agree, offsets in order, every type, reference and root in range.</summary>
internal static class ObjectGraphChecks
{
    /// <param name="sizes">Every object's size, or null when they come as an <see cref="ObjectSizes"/> already.</param>
    public static void Validate(ObjectGraph graph, uint[]? sizes)
    {
        var count = graph.Addresses.Count;
        if ((sizes is not null && sizes.Length != count) || graph.TypeIndex.Length != count || (!graph.ReferencesReleased && graph.EdgeStart.Length != count + 1))
        {
            throw new ArgumentException($"per-object arrays disagree: {count} addresses, {sizes?.Length ?? count} sizes, {graph.TypeIndex.Length} type indexes, {graph.EdgeStart.Length} edge offsets (need {count + 1})");
        }
        if (graph.RootNameIndex.Length != graph.RootObjects.Length)
        {
            throw new ArgumentException($"{graph.RootObjects.Length} root objects but {graph.RootNameIndex.Length} root name indexes");
        }
        // The first type index out of range (a vectorized search).
        if (count > 0 && graph.TypeIndex.Span.IndexOfAnyExceptInRange(0, graph.TypeNames.Length - 1) is var bad and >= 0)
        {
            throw new ArgumentException($"object {bad} has type index {graph.TypeIndex[bad]} outside the {graph.TypeNames.Length} type names");
        }
        if (graph.ReferencesReleased)
        {
            ValidateRoots(graph, count);
            return;
        }
        var (edgeStart, edges) = (graph.EdgeStart, graph.Edges);
        if (edgeStart[0] != 0 || edgeStart[count] > edges.Length)
        {
            throw new ArgumentException("edge offsets must start at 0 and end within the edge array");
        }
        for (var i = 0; i < count; i++)
        {
            if (edgeStart[i + 1] < edgeStart[i])
            {
                throw new ArgumentException($"edge offsets must not decrease (object {i})");
            }
            if (sizes is not null && sizes[i] == ObjectGraph.LargeSizeMarker && !graph.LargeSizes.ContainsKey(i))
            {
                throw new ArgumentException($"object {i} is marked large but has no large size");
            }
        }
        for (var e = 0; e < edgeStart[count]; e++)
        {
            if ((uint)edges[e] >= (uint)count)
            {
                throw new ArgumentException($"edge {e} points to object {edges[e]}, outside 0..{count - 1}");
            }
        }
        ValidateRoots(graph, count);
    }

    private static void ValidateRoots(ObjectGraph graph, int count)
    {
        for (var r = 0; r < graph.RootObjects.Length; r++)
        {
            if ((uint)graph.RootObjects[r] >= (uint)count || (uint)graph.RootNameIndex[r] >= (uint)graph.RootNames.Length)
            {
                throw new ArgumentException($"root {r} holds object {graph.RootObjects[r]} with name index {graph.RootNameIndex[r]}: out of range");
            }
        }
    }
}

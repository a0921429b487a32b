using MemAnalyzer.Analysis;
using MemAnalyzer.Retention;

namespace MemAnalyzer.Commands;

/// <summary>-roots for a type with no live instance: one error line with the closest type names, exit 1.</summary>
public static class RootsNotFound
{
    public static void ThrowIfEmpty(RootsQuery query, IReadOnlyList<TypeRootPaths> found, IEnumerable<TypeStatistics> types)
    {
        if (found.Count > 0)
        {
            return;
        }
        var closest = query.Closest(types.Select(t => t.TypeName));
        throw new MemAnalyzerException(ExitCodes.InvalidArguments,
            $"no live object has the type {(query.Type.Contains('*', StringComparison.Ordinal) ? "pattern" : "name")} '{query.Type}' (exact, with namespace; * is a wildcard)" +
            (closest.Count == 0 ? "" : $"; closest: {string.Join(", ", closest)}"));
    }
}

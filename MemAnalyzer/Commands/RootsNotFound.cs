using System.Globalization;
using MemAnalyzer.Analysis;

namespace MemAnalyzer.Commands;

/// <summary>
/// -roots for a type with no live instance: one error line, exit 1. When dead instances match, it says they are garbage
/// and how to see them; when nothing matches at all, it names the closest type names.
/// </summary>
public static class RootsNotFound
{
    public static void ThrowIfEmpty(RootsQuery query, TargetReading reading)
    {
        if (reading.Roots.Count > 0)
        {
            return;
        }
        if (reading.DeadMatches > 0)
        {
            var what = query.Type.Contains('*', StringComparison.Ordinal) ? $"objects of the types matching '{query.Type}'" : $"instances of {query.Type}";
            throw new MemAnalyzerException(ExitCodes.InvalidArguments, string.Create(CultureInfo.InvariantCulture,
                $"{reading.DeadMatches:N0} {what}, none live: they are garbage not yet collected; run with -gc on a live process or read them with -dead"));
        }
        var types = reading.Target.Heap.Types;
        var closest = query.Closest(types.Select(t => t.TypeName));
        throw new MemAnalyzerException(ExitCodes.InvalidArguments,
            $"no live object has the type {(query.Type.Contains('*', StringComparison.Ordinal) ? "pattern" : "name")} '{query.Type}' (exact, with namespace; * is a wildcard)" +
            (closest.Count == 0 ? "" : $"; closest: {string.Join(", ", closest)}"));
    }
}

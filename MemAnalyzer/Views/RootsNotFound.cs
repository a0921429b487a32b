using System.Globalization;
using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;

namespace MemAnalyzer.Views;

/// <summary>
/// -roots and -objects for a type with no live instance: one error line, exit 1. When dead instances match, it says they are garbage
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
        Throw(reading.ResolvedRoots ?? query, reading.DeadMatches, reading.Target.Heap.Types.Select(t => t.TypeName));
    }

    /// <summary>The error for a type with no live instance: <paramref name="deadMatches"/> garbage ones, or none and the closest of <paramref name="typeNames"/>.</summary>
    /// <param name="whatToDo">What to run instead when they are garbage.</param>
    public static void Throw(RootsQuery query, long deadMatches, IEnumerable<string> typeNames, string whatToDo = "run with -gc on a live process or read them with -dead")
    {
        if (deadMatches > 0)
        {
            var what = query.Type.Contains('*', StringComparison.Ordinal) ? $"objects of the types matching '{query.Type}'" : $"instances of {query.Type}";
            throw new MemAnalyzerException(ExitCodes.InvalidArguments, string.Create(CultureInfo.InvariantCulture,
                $"{deadMatches:N0} {what}, none live: they are garbage not yet collected; {whatToDo}"));
        }
        var closest = query.Closest(typeNames);
        throw new MemAnalyzerException(ExitCodes.InvalidArguments,
            $"no live object has the type {(query.Type.Contains('*', StringComparison.Ordinal) ? "pattern" : "name")} '{query.Type}' (exact, with namespace; * is a wildcard)" +
            (closest.Count == 0 ? "" : $"; closest: {string.Join(", ", closest)}"));
    }
}

using MemAnalyzer.Analysis;

namespace MemAnalyzer.Commands;

/// <summary>
/// The two sides of a -retained diff meet here while both heaps are still open: each hands over its retained sizes,
/// waits for the other's, and both pick the same types, those that grew most in retained bytes, to read their paths.
/// </summary>
/// <param name="types">-type: only these types can be picked, as only they are in the table.</param>
public sealed class RetainedGrowers(int count, TypeFilter? types = null)
{
    private readonly TaskCompletionSource<HeapSnapshot> _first = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly TaskCompletionSource<HeapSnapshot> _second = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Gives this side's snapshot and returns the names whose paths both sides read; cancelled when the other side fails.</summary>
    public Func<string, bool> Exchange(bool isFirst, HeapSnapshot snapshot, CancellationToken cancellation)
    {
        (isFirst ? _first : _second).TrySetResult(snapshot);
        var first = _first.Task.Wait(Timeout.Infinite, cancellation) ? _first.Task.Result : throw new OperationCanceledException(cancellation);
        var second = _second.Task.Wait(Timeout.Infinite, cancellation) ? _second.Task.Result : throw new OperationCanceledException(cancellation);
        var names = Pick(first, second, count, types);
        return names.Contains;
    }

    /// <summary>The <paramref name="count"/> types whose retained bytes grew most, ties by name.</summary>
    public static HashSet<string> Pick(HeapSnapshot first, HeapSnapshot second, int count, TypeFilter? types = null) =>
        SnapshotDiff.Compare(first.Types, second.Types)
            .Where(d => d.DeltaRetained > 0 && TypeFilter.Keeps(types, d.TypeName))
            .OrderByDescending(d => d.DeltaRetained).ThenBy(d => d.TypeName, StringComparer.Ordinal)
            .Take(count).Select(d => d.TypeName).ToHashSet(StringComparer.Ordinal);
}

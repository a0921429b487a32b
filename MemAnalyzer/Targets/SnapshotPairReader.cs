using MemAnalyzer.Dac;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Targets;

/// <summary>Both sides of a diff, each already reduced (to its per-type table, or its string values).</summary>
public sealed record SnapshotPair<T>(T First, ReadReport FirstReport, T Second, ReadReport SecondReport);

/// <summary>
/// Reads the two targets of a diff side by side. Each side runs start to finish on its own thread, because a live
/// target's ptrace attach and detach must come from one thread; each side keeps only its per-type table, so two object
/// graphs are never held at once beyond the walk itself. A failure on one side cancels the other, and the error names
/// the side that failed.
/// </summary>
public static class SnapshotPairReader
{
    public static SnapshotPair<T> Read<T>(TargetSpec first, TargetSpec second, DacSearchOptions dacOptions, Func<HeapSource, CancellationToken, T> reduce, CancellationToken cancellation) =>
        Read(first, second, dacOptions, (_, source, token) => reduce(source, token), cancellation);

    /// <param name="reduce">Gets the side's opened target too, for what lies outside the heap (its memory map).</param>
    public static SnapshotPair<T> Read<T>(TargetSpec first, TargetSpec second, DacSearchOptions dacOptions, Func<TargetSpec, HeapSource, CancellationToken, T> reduce, CancellationToken cancellation) =>
        Read(first, second, dacOptions, (_, target, source, token) => reduce(target, source, token), cancellation);

    /// <param name="reduce">Gets whether it reads the first side, and the side's opened target (a live process read through a heap dump is that dump).</param>
    public static SnapshotPair<T> Read<T>(TargetSpec first, TargetSpec second, DacSearchOptions dacOptions, Func<bool, TargetSpec, HeapSource, CancellationToken, T> reduce, CancellationToken cancellation)
    {
        if (first.ProcessId is int pid && pid == second.ProcessId)
        {
            throw new MemAnalyzerException(ExitCodes.InvalidArguments,
                $"-pid and -pid2 are both process {pid}: a process cannot be walked twice at once; dump it first and diff the dump with -f <dump> -pid2 {pid}");
        }
        using var failed = CancellationTokenSource.CreateLinkedTokenSource(cancellation);
        var firstSide = Task.Run(() => ReadSide(first.DumpPath is null ? "first target (-pid)" : "first target (-f)", first, dacOptions, (t, h, c) => reduce(true, t, h, c), failed), CancellationToken.None);
        var secondSide = Task.Run(() => ReadSide(second.DumpPath is null ? "second target (-pid2)" : "second target (-f2)", second, dacOptions, (t, h, c) => reduce(false, t, h, c), failed), CancellationToken.None);
        try
        {
            Task.WaitAll(firstSide, secondSide);
        }
        catch (AggregateException)
        {
            cancellation.ThrowIfCancellationRequested();
            // Report the side that really failed, not the one cancelled because of it; the first side wins a tie.
            var failure = new[] { firstSide, secondSide }
                .Select(t => t.Exception?.InnerException)
                .FirstOrDefault(e => e is not null and not OperationCanceledException);
            throw failure ?? new OperationCanceledException(cancellation);
        }
        return new SnapshotPair<T>(firstSide.Result.Result, firstSide.Result.Report, secondSide.Result.Result, secondSide.Result.Report);
    }

    private static (T Result, ReadReport Report) ReadSide<T>(string side, TargetSpec target, DacSearchOptions dacOptions, Func<TargetSpec, HeapSource, CancellationToken, T> reduce, CancellationTokenSource failed)
    {
        try
        {
            return SnapshotReader.Read(target, dacOptions, reduce, failed.Token);
        }
        catch (MemAnalyzerException e)
        {
            failed.Cancel();
            throw new MemAnalyzerException(e.ExitCode, $"{side}: {e.Message}", e);
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            failed.Cancel();
            throw;
        }
    }
}

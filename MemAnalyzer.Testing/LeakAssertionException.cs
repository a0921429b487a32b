namespace MemAnalyzer.Testing;

/// <summary>
/// A leak assertion failed: an object the test expected to be collected is still reachable. The message names each
/// survivor with its type, size, retained bytes and root path, as MemAnalyzer's <c>-roots</c> prints paths, and the dump
/// the paths were read from. Thrown by <see cref="LeakAssert"/> and <see cref="LeakWatch"/>; it depends on no test
/// framework, so every runner reports it as a failure.
/// </summary>
public sealed class LeakAssertionException : Exception
{
    public LeakAssertionException(string message, string? dumpPath)
        : base(message)
    {
        DumpPath = dumpPath;
    }

    /// <summary>The dump of the test process the paths were read from (kept for CI to upload); null when none could be written or it was deleted.</summary>
    public string? DumpPath { get; }
}

namespace MemAnalyzer.TestTargets.WebLeaks;

/// <summary>
/// A scoped service of one request: it subscribes to the singleton's event and never unsubscribes, so the singleton
/// keeps every request's watcher (24 B) and its buffer (a byte[1000]: 1,024 B) alive: the classic ASP.NET Core leak.
/// </summary>
public sealed class QuoteWatcher
{
    private static int s_next;
    private readonly byte[] _buffer = new byte[ExpectedCounts.WebWatcherBufferLength];

    public QuoteWatcher(PriceBoard board)
    {
        Id = Interlocked.Increment(ref s_next);
        board.Changed += OnChanged;
    }

    public int Id { get; }

    private void OnChanged(object? sender, EventArgs e) => _buffer[0]++;
}

using System.Collections.Concurrent;

namespace LeakAssertConsumer;

/// <summary>A session of 24 B (header, MethodTable, one reference) holding a byte[1000] of 1,024 B (header, MethodTable, length, data): it retains 1,048 B.</summary>
public sealed class Session
{
    public byte[] Payload { get; } = new byte[1000];
}

public static class Registry
{
    public static readonly List<Session> Sessions = [];

    /// <summary>The session CostTests keeps to measure a failing assertion.</summary>
    public static readonly List<Session> Kept = [];
}

public static class Bus
{
    public static event EventHandler? Changed;

    public static void Clear() => Changed = null;

    public static void Raise() => Changed?.Invoke(null, EventArgs.Empty);
}

public sealed class Subscriber
{
    public byte[] Payload { get; } = new byte[1000];

    public void OnChanged(object? sender, EventArgs e) => GC.KeepAlive(Payload);
}

public static class Cache
{
    public static readonly ConcurrentDictionary<int, Session> Entries = new();
}

/// <summary>24 B, retaining 1,048 B with its byte[1000], as <see cref="Session"/>.</summary>
public sealed class Ticket
{
    public byte[] Payload { get; } = new byte[1000];
}

public sealed class Receipt
{
    public byte[] Payload { get; } = new byte[1000];
}

public static class Counter
{
    public static readonly List<Ticket> Tickets = [];

    public static readonly List<Receipt> Receipts = [];
}

public static class Timers
{
    public static readonly List<Timer> Active = [];
}

/// <summary>Disposed but still held: 32 B (header and MethodTable 16, the reference 8, the flag 1 padded to 8), retaining 1,056 B with its byte[1000].</summary>
public sealed class Connection : IDisposable
{
    private bool _disposed;

    public byte[] Payload { get; } = new byte[1000];

    public static readonly List<Connection> Open = [];

    public void Dispose() => _disposed = true;

    public override string ToString() => _disposed ? "closed" : "open";
}

/// <summary>A leak the baseline (known-leaks.txt) does not know: 2,000 pages of byte[10000] in a list made with that capacity.</summary>
public static class Archive
{
    public static readonly List<byte[]> Pages = new(2000);
}

/// <summary>The same shape of leak under another static, whose signature known-leaks.txt lists.</summary>
public static class Journal
{
    public static readonly List<byte[]> Pages = new(2000);
}

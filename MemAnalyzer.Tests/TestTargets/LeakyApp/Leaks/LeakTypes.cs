namespace MemAnalyzer.TestTargets.LeakyApp.Leaks;

public sealed class PriceChangedEventArgs : EventArgs
{
    public decimal Price;
}

/// <summary>An event publisher whose handlers are never removed: it keeps every subscriber alive.</summary>
public sealed class PricePublisher
{
    public event EventHandler<PriceChangedEventArgs>? PriceChanged;

    public void Publish(decimal price) => PriceChanged?.Invoke(this, new PriceChangedEventArgs { Price = price });
}

public sealed class Subscriber
{
    private readonly byte[] _buffer;
    private readonly int _id;

    public Subscriber(int id)
    {
        _id = id;
        _buffer = new byte[ExpectedCounts.LeaksBufferLength];
    }

    public void OnPriceChanged(object? sender, PriceChangedEventArgs e) => _buffer[_id % _buffer.Length] = (byte)e.Price;
}

/// <summary>A value of the MemoryCache leak.</summary>
public sealed class CachedOrder
{
    public byte[] Payload = null!;
    public long Id;
}

/// <summary>What a timer callback's closure captures.</summary>
public sealed class PollState
{
    public byte[] Buffer = null!;
    public int Id;

    public void Poll() => Buffer[0]++;
}

/// <summary>A disposable transient: resolved from the root ServiceProvider, it is kept until the provider is disposed.</summary>
public sealed class DisposableWorker : IDisposable
{
    private readonly byte[] _buffer = new byte[ExpectedCounts.LeaksBufferLength];

    public int Length => _buffer.Length;

    public void Dispose()
    {
    }
}

/// <summary>An element of the hand-made singly linked list.</summary>
public sealed class JobNode
{
    public JobNode? Next;
    public Job Item = null!;
}

public sealed class Job
{
    public long Id;
}

/// <summary>A key whose hash code is the same for every instance: all entries of a dictionary share one bucket's chain.</summary>
public sealed class CollidingKey
{
    public int Id;

    public override int GetHashCode() => 7;

    public override bool Equals(object? obj) => obj is CollidingKey other && other.Id == Id;
}

public sealed class ChainValue
{
    public long Id;
}

public sealed class TempWork
{
    public long Id;
}

/// <summary>A generic type with a static field: its root is named by the constructed type.</summary>
public static class GenericHolder<T>
{
    public static List<T>? s_items;
}

/// <summary>What the "extraleak" command keeps in LeaksScenario.s_audit: one more leak, with an owner of its own.</summary>
public sealed class AuditRecord
{
    public byte[] Buffer = null!;
    public int Id;
}

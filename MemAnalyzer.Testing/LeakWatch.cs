namespace MemAnalyzer.Testing;

/// <summary>
/// Tracks objects a test expects to be collected, for tests that prefer tracking over weak references:
/// <c>var watch = LeakWatch.Start(); watch.Track(viewModel, "the view model"); … watch.AssertReleased();</c>.
/// The watch holds each object weakly: tracking never keeps one alive.
/// </summary>
public sealed class LeakWatch
{
    private readonly List<Tracked> _tracked = [];

    private LeakWatch()
    {
    }

    public static LeakWatch Start() => new();

    /// <summary>How many objects are tracked.</summary>
    public int Count
    {
        get
        {
            lock (_tracked)
            {
                return _tracked.Count;
            }
        }
    }

    /// <summary>Tracks <paramref name="target"/>, named in a failure by <paramref name="label"/> (else by its type); returns it.</summary>
    public T Track<T>(T target, string? label = null)
        where T : class
    {
        ArgumentNullException.ThrowIfNull(target);
        lock (_tracked)
        {
            _tracked.Add(new Tracked(new WeakReference(target), label ?? DumpTypeName.Of(target.GetType())));
        }
        return target;
    }

    /// <summary>Passes when every tracked object has been collected; else fails with each survivor's root path.</summary>
    public void AssertReleased()
    {
        Tracked[] tracked;
        lock (_tracked)
        {
            tracked = [.. _tracked];
        }
        LeakAssert.Check("LeakWatch.AssertReleased", tracked);
    }
}

namespace MemAnalyzer.TestTargets.WebLeaks;

/// <summary>A singleton of the app's ServiceProvider with an event every request's watcher subscribes to.</summary>
public sealed class PriceBoard
{
    public event EventHandler? Changed;

    public void Publish() => Changed?.Invoke(this, EventArgs.Empty);
}

namespace MemAnalyzer.TestTargets.LeakyApp;

/// <summary>The options type of the "wrappers" mode's OptionsMonitor.</summary>
public sealed class FeatureOptions
{
    public bool Enabled { get; set; }
}

/// <summary>A listener registered with IOptionsMonitor.OnChange and never unregistered.</summary>
public sealed class FeatureClient(int id)
{
    public int Changes { get; private set; }

    public void OnFeatureChanged(FeatureOptions options, string? name) => Changes += options.Enabled ? id : 1;
}

/// <summary>A static class with a static event: no object owns its handlers.</summary>
public static class Bus
{
    public static event EventHandler? Changed;

    public static void Raise() => Changed?.Invoke(null, EventArgs.Empty);
}

/// <summary>A handler of Bus.Changed.</summary>
public sealed class BusListener(int id)
{
    public int Seen { get; private set; }

    public void OnChanged(object? sender, EventArgs e) => Seen += id;
}

/// <summary>What each timer of the "wrappers" mode calls, with a buffer only it holds.</summary>
public sealed class TimerState(byte[] buffer)
{
    public void Tick(object? state) => buffer[0]++;
}

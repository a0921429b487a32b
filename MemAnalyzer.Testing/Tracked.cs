namespace MemAnalyzer.Testing;

/// <summary>An object a test expects to be collected: held weakly, with the words the test gave it.</summary>
internal sealed record Tracked(WeakReference Reference, string Label);

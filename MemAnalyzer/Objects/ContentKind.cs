namespace MemAnalyzer.Objects;

/// <summary>The kinds of <see cref="ContentView"/>: the names the console and JSON print.</summary>
public static class ContentKind
{
    public const string Array = "array";
    public const string List = "List";
    public const string Dictionary = "Dictionary";
    public const string ConcurrentDictionary = "ConcurrentDictionary";
    public const string HashSet = "HashSet";
    public const string Queue = "Queue";
    public const string Delegate = "delegate";
    public const string MemoryCache = "MemoryCache";
}

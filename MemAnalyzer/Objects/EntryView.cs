namespace MemAnalyzer.Objects;

/// <summary>One element of an array or collection, one entry of a dictionary or cache, or one handler of a delegate.</summary>
/// <param name="Index">The position in the collection's order (arrays, lists, queues: the element's index).</param>
/// <param name="Key">Dictionaries and caches: the key; else null.</param>
/// <param name="Method">Delegates: the method called on <paramref name="Value"/> (the target; null for a static method).</param>
public sealed record EntryView(long Index, ValueView? Key, ValueView Value, MethodView? Method = null);

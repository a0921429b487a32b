namespace MemAnalyzer.Objects;

/// <summary>
/// What an array, collection, delegate or MemoryCache holds beyond its fields: counts, and (for the object asked for,
/// not for one it references) its first <see cref="ShownEntries"/> entries.
/// </summary>
/// <param name="Kind">One of the <see cref="ContentKind"/> names.</param>
/// <param name="Count">Elements, entries or handlers.</param>
/// <param name="Capacity">Slots allocated (the backing array's length, or the buckets of a ConcurrentDictionary).</param>
/// <param name="NonNull">Arrays of references: slots that are not null.</param>
/// <param name="Methods">Delegates: each method called, with how many handlers call it, most first.</param>
/// <param name="Order">How the entries are ordered, when it is not the collection's own order.</param>
/// <param name="SlotBytes">Collections: the bytes of one slot of the array that holds the entries (its component size).</param>
public sealed record ContentView(
    string Kind,
    long? Count = null,
    long? Capacity = null,
    long? NonNull = null,
    IReadOnlyList<EntryView>? Entries = null,
    IReadOnlyList<MethodCount>? Methods = null,
    string? Order = null,
    long? SlotBytes = null)
{
    /// <summary>The entries shown of the object asked for.</summary>
    public const int ShownEntries = 10;
}

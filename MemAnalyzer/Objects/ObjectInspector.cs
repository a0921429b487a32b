using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Objects;

/// <summary>One object's fields and content, as -objects shows it; referenced objects get their counts, not their entries.</summary>
public sealed class ObjectInspector
{
    private readonly ValueReader _values;
    private readonly MethodResolver _methods;

    public ObjectInspector(ClrHeap heap, ObjectRetention retention)
    {
        _values = new ValueReader(heap, retention);
        _methods = new MethodResolver(heap.Runtime);
        _values.Summary = obj => Content(obj, entries: false);
    }

    /// <summary>The object starting at <paramref name="address"/>, which must be a valid object start (see <see cref="ObjectLocator"/>).</summary>
    public ObjectView Inspect(ulong address)
    {
        var obj = _values.Heap.GetObject(address);
        var type = obj.Type!;
        var fields = type.IsArray || type.IsString ? [] : _values.Fields(address, interior: false, type);
        var content = type.IsString ? null : Content(obj, entries: true);
        return new ObjectView(address, type.Name ?? $"<unnamed type {type.MethodTable:x}>", (long)obj.Size, _values.Retention.RetainedOf(address), fields, content);
    }

    /// <summary>The counts (and with <paramref name="entries"/> the first entries) of an array, collection, delegate or cache; null for any other object.</summary>
    private ContentView? Content(ClrObject obj, bool entries)
    {
        try
        {
            return obj switch
            {
                { Type.IsArray: true } => ArrayContent.Read(obj, _values, entries),
                { IsDelegate: true } => DelegateContent.Read(obj, _values, entries, _methods),
                _ when MemoryCacheContent.Is(obj) => MemoryCacheContent.Read(obj, _values, entries),
                _ when ConcurrentDictionaryContent.Is(obj) => ConcurrentDictionaryContent.Read(obj, _values, entries),
                _ => CollectionContent.Read(obj, _values, entries),
            };
        }
        catch (Exception e) when (e is InvalidOperationException or ArgumentException or IOException or NullReferenceException)
        {
            // A layout other than the one expected (another runtime or library version): the fields are still shown.
            return null;
        }
    }
}

using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Objects;

/// <summary>
/// Reads the values of fields, array elements, keys and values through ClrMD: primitives as text, strings with their
/// beginning, references with type, address and retained bytes (and, when <see cref="Summary"/> is set, the counts of
/// a referenced array, collection, delegate or cache), embedded structs with their own fields to a small depth.
/// </summary>
public sealed class ValueReader(ClrHeap heap, ObjectRetention retention)
{
    /// <summary>Characters of a string that are read; the console shows fewer.</summary>
    public const int StringChars = 1024;

    /// <summary>Structs inside structs are shown this deep; deeper ones by their type only.</summary>
    public const int StructDepth = 2;

    public ClrHeap Heap { get; } = heap;

    public ObjectRetention Retention { get; } = retention;

    /// <summary>The counts of a referenced object that has some (arrays, collections, delegates, caches).</summary>
    public Func<ClrObject, ContentView?>? Summary { get; set; }

    /// <summary>The instance fields of the object or struct at <paramref name="address"/> (interior: a struct's data, not an object's start).</summary>
    public IReadOnlyList<FieldView> Fields(ulong address, bool interior, ClrType type, int depth = 0) =>
        [.. MemAnalyzer.Heap.TypeFields.Of(type).Select(f => new FieldView(f.Name ?? $"<field at +{f.Offset}>", Field(address, interior, f, depth)))];

    /// <summary>The value of one field.</summary>
    public ValueView Field(ulong address, bool interior, ClrInstanceField field, int depth = 0)
    {
        try
        {
            if (field.IsObjectReference)
            {
                return Reference(field.ReadObject(address, interior), field.Type?.Name, summarize: true);
            }
            var type = field.Type;
            if (field.ElementType == ClrElementType.Struct)
            {
                return type is null ? ValueView.Unreadable("a struct of a type ClrMD does not know") : Struct(field.GetAddress(address, interior), type, depth);
            }
            var text = PrimitiveText.Read(field.ElementType, Heap.Runtime.DataTarget.DataReader, field.GetAddress(address, interior));
            return text is null ? ValueView.Unreadable($"a {field.ElementType} field", type?.Name) : new ValueView(ValueKind.Primitive, text, TypeName: type?.Name);
        }
        catch (Exception e) when (e is InvalidOperationException or ArgumentException or IOException)
        {
            return ValueView.Unreadable(e.Message, field.Type?.Name);
        }
    }

    /// <summary>A struct at its data address: a well-known one as one text, any other by its fields.</summary>
    public ValueView Struct(ulong dataAddress, ClrType type, int depth)
    {
        if (type.IsEnum)
        {
            return new ValueView(ValueKind.Primitive, PrimitiveText.Enum(type, Heap, dataAddress), TypeName: type.Name);
        }
        if (WellKnownStructs.Text(type, dataAddress) is { } known)
        {
            return new ValueView(ValueKind.Primitive, known, TypeName: type.Name);
        }
        return depth >= StructDepth
            ? new ValueView(ValueKind.Struct, TypeName: type.Name, Fields: [])
            : new ValueView(ValueKind.Struct, TypeName: type.Name, Fields: Fields(dataAddress, interior: true, type, depth + 1));
    }

    /// <summary>A value of <paramref name="type"/> stored at <paramref name="dataAddress"/> (an array element): a reference, struct or primitive.</summary>
    public ValueView At(ulong dataAddress, ClrType? type)
    {
        if (type is null)
        {
            return ValueView.Unreadable("an element of a type ClrMD does not know");
        }
        if (type.IsObjectReference)
        {
            // An element that is a delegate (an event's invocation list) says which method it calls; other elements only what they are.
            var element = Heap.GetObject(Heap.Runtime.DataTarget.DataReader.ReadPointer(dataAddress));
            return Reference(element, type.Name, summarize: !element.IsNull && element.IsDelegate);
        }
        if (type.ElementType == ClrElementType.Struct)
        {
            return Struct(dataAddress, type, depth: 1);
        }
        var text = PrimitiveText.Read(type.ElementType, Heap.Runtime.DataTarget.DataReader, dataAddress);
        return text is null ? ValueView.Unreadable($"a {type.ElementType} element", type.Name) : new ValueView(ValueKind.Primitive, text, TypeName: type.Name);
    }

    /// <summary>A reference: null, a string with its text, or an object with its type, address and retained bytes.</summary>
    public ValueView Reference(ClrObject obj, string? declaredType, bool summarize)
    {
        if (obj.IsNull)
        {
            return ValueView.Null(declaredType);
        }
        var type = obj.Type;
        if (type is null)
        {
            return new ValueView(ValueKind.Unreadable, $"no object at 0x{obj.Address:x} (a damaged reference)", obj.Address, declaredType);
        }
        var retained = Retention.RetainedOf(obj.Address);
        if (type.IsString)
        {
            var length = Heap.Runtime.DataTarget.DataReader.Read<int>(obj.Address + (ulong)IntPtr.Size);
            return new ValueView(ValueKind.String, obj.AsString(StringChars) ?? "", obj.Address, type.Name, retained, length);
        }
        long? elements = type.IsArray ? obj.AsArray().Length : null;
        return new ValueView(ValueKind.Reference, null, obj.Address, type.Name, retained, elements, summarize ? Summary?.Invoke(obj) : null);
    }
}

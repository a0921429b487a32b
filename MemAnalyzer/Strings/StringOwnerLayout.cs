using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Strings;

/// <summary>Where one MethodTable keeps its object references, and what each is called (an owner index).</summary>
/// <param name="Fields">For a class: offsets from the object's address. For an array: offsets within one element.</param>
/// <param name="ElementSize">For an array: bytes per element; 0 for a class.</param>
internal sealed record StringOwnerLayout((int Offset, int Owner)[] Fields, int ElementSize, bool IsArray)
{
    /// <summary>No references to follow.</summary>
    public static readonly StringOwnerLayout None = new([], 0, false);

    public static StringOwnerLayout Of(ClrType type, Func<string, int> intern, Heap.DacCallWatch? dacCalls)
    {
        var name = type.Name ?? $"<MethodTable 0x{type.MethodTable:x}>";
        if (!type.ContainsPointers)
        {
            return new StringOwnerLayout([], 0, type.IsArray);
        }
        using var watch = dacCalls?.FieldsOf(type.MethodTable);
        if (!type.IsArray)
        {
            // An instance field's offset counts from the end of the MethodTable pointer.
            return new StringOwnerLayout(
                Heap.TypeFields.Of(type).Where(f => f.IsObjectReference).Select(f => (f.Offset + 8, intern($"{name}.{FieldName(f)}"))).ToArray(),
                0, false);
        }
        var component = type.ComponentType;
        if (component is null || !component.IsValueType)
        {
            return new StringOwnerLayout([(0, intern(name))], 8, true);
        }
        return new StringOwnerLayout(
            Heap.TypeFields.Of(component).Where(f => f.IsObjectReference).Select(f => (f.Offset, intern($"{name}.{FieldName(f)}"))).ToArray(),
            type.ComponentSize, true);
    }

    /// <summary>An auto-property's backing field is shown as the property: City, not &lt;City&gt;k__BackingField.</summary>
    private static string FieldName(ClrField field)
    {
        var name = field.Name ?? "?";
        return name.StartsWith('<') && name.EndsWith(">k__BackingField", StringComparison.Ordinal) ? name[1..name.IndexOf('>')] : name;
    }
}

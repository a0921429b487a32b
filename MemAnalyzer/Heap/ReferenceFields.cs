using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// An object reference field read without ClrMD's <see cref="ClrObject.ReadObjectField(string)"/>, which resolves the
/// field's declared type whenever its value is null (a search of every module by name, tens of milliseconds a field on
/// an ASP.NET Core heap: an empty Dictionary's null _entries cost that much). A null value reads as the null object.
/// </summary>
public static class ReferenceFields
{
    /// <summary>The object the reference field <paramref name="name"/> of <paramref name="obj"/> points at, the null object for null.</summary>
    /// <exception cref="ArgumentException">The type has no such field, or it is no object reference (as ReadObjectField).</exception>
    public static ClrObject ReadReference(this ClrObject obj, string name)
    {
        var field = obj.Type?.GetFieldByName(name) ?? throw new ArgumentException($"Type '{obj.Type?.Name}' does not contain a field named '{name}'");
        if (!field.IsObjectReference)
        {
            throw new ArgumentException($"Field '{obj.Type.Name}.{name}' is not an object reference.");
        }
        return field.ReadObject(obj.Address, interior: false);
    }
}

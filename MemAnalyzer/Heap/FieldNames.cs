using MemAnalyzer.Retention;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// Names the field through which one object references another, for the few steps of reported root paths:
/// "name", "name.inner" (a field of a struct field), "[]" (an array element), "[].inner", or "(dependent handle)".
/// An array of references is "[]" without a look at its elements (a path into a 5-million-element array asks once per
/// instance; ClrMD's enumeration of such an array read the type of every element, mapping the whole heap's pages of
/// the dump into memory); other parents are enumerated once and remembered while the same parent is asked again.
/// </summary>
public static class FieldNames
{
    public static Func<int, int, string?> Of(ClrHeap heap, ObjectGraph graph)
    {
        var lastParent = -1;
        Dictionary<ulong, string?>? fields = null;
        DependentHandles? dependents = null;
        return (parent, child) =>
        {
            var address = graph.Addresses[parent];
            if (parent != lastParent)
            {
                lastParent = parent;
                fields = null;
                var type = heap.GetObjectType(address);
                if (type is { IsArray: true, ComponentType.IsObjectReference: true } && !(dependents ??= DependentHandles.Of(heap)).IsPrimary(address))
                {
                    return "[]";
                }
                fields = Read(heap, address);
            }
            return fields is null ? "[]" : fields.GetValueOrDefault(graph.Addresses[child]);
        };
    }

    private static Dictionary<ulong, string?> Read(ClrHeap heap, ulong address)
    {
        var fields = new Dictionary<ulong, string?>();
        using var watch = DacCallWatch.FieldsOf(heap.GetObjectType(address)?.MethodTable ?? 0);
        foreach (var reference in heap.GetObject(address).EnumerateReferencesWithFields(carefully: false, considerDependantHandles: true))
        {
            fields.TryAdd(reference.Object.Address, Name(reference));
        }
        return fields;
    }

    private static string? Name(ClrReference reference)
    {
        if (reference.IsDependentHandle)
        {
            return "(dependent handle)";
        }
        var inner = reference.InnerField?.Field?.Name;
        if (reference.IsArrayElement)
        {
            return inner is null ? "[]" : "[]." + inner;
        }
        var field = reference.Field?.Name;
        return inner is null ? field : $"{field}.{inner}";
    }
}

using MemAnalyzer.Retention;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// Names the field through which one object references another, for the few steps of reported root paths:
/// "name", "name.inner" (a field of a struct field), "[]" (an array element), "[].inner", or "(dependent handle)".
/// </summary>
public static class FieldNames
{
    public static Func<int, int, string?> Of(ClrHeap heap, ObjectGraph graph) => (parent, child) =>
    {
        var target = graph.Addresses[child];
        foreach (var reference in heap.GetObject(graph.Addresses[parent]).EnumerateReferencesWithFields(carefully: false, considerDependantHandles: true))
        {
            if (reference.Object.Address != target)
            {
                continue;
            }
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
        return null;
    };
}

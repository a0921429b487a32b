using MemAnalyzer.Retention;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// Names the field through which one object references another, for the few steps of reported root paths:
/// "name", "name.inner" (a field of a struct field), "[]" (an array element), or "(dependent handle)".
/// An array's step is "[]" without a look at its elements, for arrays of references and arrays of structs alike (an
/// element has no field, so ClrMD names none either): reading the array for every element asked about made a path
/// through a struct array (ConcurrentDictionary's buckets, Dictionary's entries) quadratic, and ClrMD's enumeration of
/// a big array read the type of every element, mapping the whole heap's pages of the dump into memory. Only when the
/// child is also the secondary of a dependent handle whose primary is the array is the array read, to tell the two apart.
/// Other parents are enumerated once and remembered while the same parent is asked again: an object has a fixed
/// number of fields, so each is read at most once per field on the paths.
/// A delegate's "_target" step names the method the delegate calls: "_target (Subscriber.OnPriceChanged)", or
/// "_target (method unknown)" when it cannot be resolved (see <see cref="DelegateMethods"/>).
/// </summary>
public static class FieldNames
{
    public const string ArrayElement = "[]";
    public const string DependentHandle = "(dependent handle)";
    private const string Target = "_target";

    /// <param name="dacCalls">Marks each read of a type's fields for the watchdog; null: nothing watches them.</param>
    public static Func<int, int, string?> Of(ClrHeap heap, ObjectGraph graph, DacCallWatch? dacCalls)
    {
        var lastParent = -1;
        // The last parent asked about, when it is an array that is no dependent handle's primary: each element is "[]".
        var lastArray = -1;
        Dictionary<ulong, string?>? fields = null;
        DependentHandles? dependents = null;
        var methods = new DelegateMethods(heap);
        return (parent, child) =>
        {
            if (parent == lastArray)
            {
                return ArrayElement;
            }
            var address = graph.Addresses[parent];
            if (parent != lastParent)
            {
                var type = heap.GetObjectType(address);
                if (type is { IsArray: true } && !IsSecondaryOf(dependents ??= DependentHandles.Of(heap), address, graph.Addresses[child]))
                {
                    if (dependents.IsEmpty || !dependents.IsPrimary(address))
                    {
                        lastArray = parent;
                    }
                    return ArrayElement;
                }
                lastParent = parent;
                fields = Read(heap, address, dacCalls);
                if (fields.Count > 0 && fields.ContainsValue(Target) && methods.Of(address) is { } method)
                {
                    foreach (var (reference, name) in fields.Where(f => f.Value == Target).ToList())
                    {
                        fields[reference] = $"{Target} ({method})";
                    }
                }
            }
            return fields!.GetValueOrDefault(graph.Addresses[child]);
        };
    }

    private static bool IsSecondaryOf(DependentHandles dependents, ulong primary, ulong child)
    {
        if (dependents.IsEmpty || !dependents.IsPrimary(primary))
        {
            return false;
        }
        var finder = new SecondaryFinder(child);
        dependents.VisitTargetsOf(primary, ref finder);
        return finder.Found;
    }

    private static Dictionary<ulong, string?> Read(ClrHeap heap, ulong address, DacCallWatch? dacCalls)
    {
        var fields = new Dictionary<ulong, string?>();
        using var watch = dacCalls?.FieldsOf(heap.GetObjectType(address)?.MethodTable ?? 0);
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
            return DependentHandle;
        }
        var inner = reference.InnerField?.Field?.Name;
        if (reference.IsArrayElement)
        {
            return inner is null ? ArrayElement : ArrayElement + "." + inner;
        }
        var field = reference.Field?.Name;
        return inner is null ? field : $"{field}.{inner}";
    }
}

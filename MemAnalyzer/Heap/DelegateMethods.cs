using MemAnalyzer.Retention;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// The method a delegate calls, as root paths name it: <c>Subscriber.OnPriceChanged</c>, or
/// <c>LeaksScenario+&lt;&gt;c__DisplayClass13_0.&lt;StartPoller&gt;b__0</c> for a lambda. A delegate's _methodPtrAux
/// holds the method of a static (open) delegate, _methodPtr that of an instance or closed one (a stub or the code);
/// when neither is inside a known method, a cached _methodBase (a RuntimeMethodInfo) gives its method handle.
/// Resolved methods are remembered by pointer: the handlers of one event share a few.
/// </summary>
internal sealed class DelegateMethods(ClrHeap heap)
{
    public const string Unknown = "method unknown";

    private readonly Dictionary<(ulong Pointer, ulong Auxiliary), string> _byPointers = [];

    /// <summary>The method of the delegate at <paramref name="address"/>, or null when it is no delegate.</summary>
    public string? Of(ulong address)
    {
        var delegateObject = heap.GetObject(address);
        if (!delegateObject.IsValid || !delegateObject.IsDelegate)
        {
            return null;
        }
        var pointer = Read(delegateObject, "_methodPtr");
        var auxiliary = Read(delegateObject, "_methodPtrAux");
        if (_byPointers.TryGetValue((pointer, auxiliary), out var known))
        {
            return known;
        }
        var runtime = heap.Runtime;
        var method = (auxiliary != 0 ? runtime.GetMethodByInstructionPointer(auxiliary) : null)
            ?? (pointer != 0 ? runtime.GetMethodByInstructionPointer(pointer) : null)
            ?? FromMethodBase(delegateObject);
        var name = method?.Type is { } type ? $"{ShortTypeNames.Of(type.Name ?? "?")}.{method.Name}" : Unknown;
        if (method is not null)
        {
            // A _methodBase belongs to one delegate: only pointers resolved alone are shared.
            _byPointers[(pointer, auxiliary)] = name;
        }
        return name;
    }

    private ClrMethod? FromMethodBase(ClrObject delegateObject)
    {
        if (delegateObject.Type?.GetFieldByName("_methodBase") is null)
        {
            return null;
        }
        var methodBase = delegateObject.ReadObjectField("_methodBase");
        if (!methodBase.IsValid || methodBase.Type?.GetFieldByName("m_handle") is null)
        {
            return null;
        }
        var handle = methodBase.ReadField<nuint>("m_handle");
        return handle == 0 ? null : heap.Runtime.GetMethodByHandle(handle);
    }

    private static ulong Read(ClrObject delegateObject, string field) =>
        delegateObject.Type?.GetFieldByName(field) is null ? 0 : delegateObject.ReadField<nuint>(field);
}

using MemAnalyzer.Retention;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// The method a delegate calls, as root paths name it: <c>Subscriber.OnPriceChanged</c>, or
/// <c>LeaksScenario+&lt;&gt;c__DisplayClass13_0.&lt;StartPoller&gt;b__0</c> for a lambda. A delegate's _methodPtrAux
/// holds the method of a static (open) delegate, _methodPtr that of an instance or closed one (a stub or the code);
/// when neither is inside a known method, a cached _methodBase (a RuntimeMethodInfo) gives its method handle.
/// Resolved methods are remembered by pointer and target type: the handlers of one event share a few. The declaring type
/// is named as the target instantiates it, and a framework wrapper's delegate is followed one level
/// (<c>OptionsMonitor&lt;FeatureOptions&gt;+ChangeTrackerDisposable.OnChange → FeatureClient.OnFeatureChanged</c>, see <see cref="DelegateTargets"/>).
/// </summary>
internal sealed class DelegateMethods(ClrHeap heap)
{
    public const string Unknown = "method unknown";

    private readonly Dictionary<(ulong Pointer, ulong Auxiliary, ulong TargetType), string> _byPointers = [];
    private readonly DelegateTargets _targets = new();

    /// <summary>The method of the delegate at <paramref name="address"/>, or null when it is no delegate.</summary>
    public string? Of(ulong address)
    {
        var delegateObject = heap.GetObject(address);
        if (!delegateObject.IsValid || !delegateObject.IsDelegate)
        {
            return null;
        }
        var target = Target(delegateObject);
        var name = Name(delegateObject, target);
        var wrapped = target.IsNull ? default : _targets.Wrapped(target);
        return wrapped.IsNull ? name : $"{name} → {Name(wrapped, Target(wrapped))}";
    }

    /// <summary>The method's type without namespaces, as <paramref name="target"/> instantiates it, and its name.</summary>
    private string Name(ClrObject delegateObject, ClrObject target)
    {
        var pointer = Read(delegateObject, "_methodPtr");
        var auxiliary = Read(delegateObject, "_methodPtrAux");
        var targetType = target.Type?.MethodTable ?? 0;
        if (_byPointers.TryGetValue((pointer, auxiliary, targetType), out var known))
        {
            return known;
        }
        var runtime = heap.Runtime;
        var method = (auxiliary != 0 ? runtime.GetMethodByInstructionPointer(auxiliary) : null)
            ?? (pointer != 0 ? runtime.GetMethodByInstructionPointer(pointer) : null)
            ?? FromMethodBase(delegateObject);
        var name = method?.Type is { } type ? $"{ShortTypeNames.Of(DelegateTargets.DeclaringType(type.Name ?? "?", target.Type))}.{method.Name}" : Unknown;
        if (method is not null)
        {
            // A _methodBase belongs to one delegate: only pointers resolved alone are shared.
            _byPointers[(pointer, auxiliary, targetType)] = name;
        }
        return name;
    }

    /// <summary>The delegate's target, or a null object for a static method's delegate (whose target is itself).</summary>
    private static ClrObject Target(ClrObject delegateObject)
    {
        if (delegateObject.Type?.GetFieldByName("_target") is null)
        {
            return default;
        }
        var target = delegateObject.ReadReference("_target");
        return target.Address == delegateObject.Address || !target.IsValid ? default : target;
    }

    private ClrMethod? FromMethodBase(ClrObject delegateObject)
    {
        if (delegateObject.Type?.GetFieldByName("_methodBase") is null)
        {
            return null;
        }
        var methodBase = delegateObject.ReadReference("_methodBase");
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

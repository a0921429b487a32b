using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Objects;

/// <summary>
/// The method a single-cast delegate calls, asked of ClrMD once per code pointer; its declaring type as the target
/// instantiates it (never <c>__Canon</c>), and through a framework wrapper the wrapped delegate's method too
/// (<see cref="DelegateTargets"/>), once per pointers and target type.
/// </summary>
public sealed class MethodResolver(ClrRuntime runtime)
{
    private readonly Dictionary<(ulong, ulong), MethodView> _resolved = [];
    private readonly Dictionary<(ulong, ulong, ulong, ulong, ulong, ulong), MethodView> _named = [];
    private readonly DelegateTargets _targets = new();

    public MethodView Resolve(ClrObject handler)
    {
        var target = Target(handler);
        var wrapped = target.IsNull ? default : _targets.Wrapped(target);
        var wrappedTarget = wrapped.IsNull ? default : Target(wrapped);
        var (pointer, auxiliary) = Pointers(handler);
        var (innerPointer, innerAuxiliary) = wrapped.IsNull ? (0UL, 0UL) : Pointers(wrapped);
        var key = (pointer, auxiliary, target.Type?.MethodTable ?? 0, innerPointer, innerAuxiliary, wrappedTarget.Type?.MethodTable ?? 0);
        if (_named.TryGetValue(key, out var known))
        {
            return known;
        }
        var view = Named(ByPointers(pointer, auxiliary), target);
        if (!wrapped.IsNull)
        {
            view = view with { Wrapped = Named(ByPointers(innerPointer, innerAuxiliary), wrappedTarget) };
        }
        _named[key] = view;
        return view;
    }

    private static MethodView Named(MethodView method, ClrObject target) =>
        method.TypeName is { } type && !target.IsNull ? method with { TypeName = DelegateTargets.DeclaringType(type, target.Type) } : method;

    /// <summary>The delegate's target, or a null object for a static method's delegate (whose target is itself).</summary>
    private static ClrObject Target(ClrObject handler)
    {
        if (handler.Type?.GetFieldByName("_target") is null)
        {
            return default;
        }
        var target = handler.ReadReference("_target");
        return target.Address == handler.Address || !target.IsValid ? default : target;
    }

    private static (ulong Pointer, ulong Auxiliary) Pointers(ClrObject handler) => (handler.ReadField<ulong>("_methodPtr"), handler.ReadField<ulong>("_methodPtrAux"));

    private MethodView ByPointers(ulong pointer, ulong auxiliary)
    {
        if (_resolved.TryGetValue((pointer, auxiliary), out var known))
        {
            return known;
        }
        // An instance method's delegate calls _methodPtr; a static one's calls a shuffle thunk there and the method at _methodPtrAux.
        var method = (pointer == 0 ? null : runtime.GetMethodByInstructionPointer(pointer))
            ?? (auxiliary == 0 ? null : runtime.GetMethodByInstructionPointer(auxiliary));
        var view = method is null ? new MethodView(null, null, pointer != 0 ? pointer : auxiliary) : new MethodView(method.Type.Name, method.Name, method.NativeCode);
        _resolved[(pointer, auxiliary)] = view;
        return view;
    }
}

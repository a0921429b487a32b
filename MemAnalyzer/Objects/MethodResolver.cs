using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Objects;

/// <summary>The method a single-cast delegate calls, asked of ClrMD once per code pointer.</summary>
public sealed class MethodResolver(ClrRuntime runtime)
{
    private readonly Dictionary<(ulong, ulong), MethodView> _resolved = [];

    public MethodView Resolve(ClrObject handler)
    {
        var pointer = handler.ReadField<ulong>("_methodPtr");
        var auxiliary = handler.ReadField<ulong>("_methodPtrAux");
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

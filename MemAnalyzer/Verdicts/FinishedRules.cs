using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Verdicts;

/// <summary>
/// <see cref="FinishedStates"/> applied: which line (if any) decides for a type, decided once per MethodTable, and
/// whether one object is finished, reading only the fields of that line.
/// </summary>
public static class FinishedRules
{
    /// <summary>The line of the table for <paramref name="type"/> or a base type, else the dispose convention, else null.</summary>
    public static FinishedState? For(ClrType? type)
    {
        if (type is null || type.IsArray || type.Name is null)
        {
            return null;
        }
        for (var t = type; t is not null; t = t.BaseType)
        {
            foreach (var state in FinishedStates.Table)
            {
                if (state.Type == t.Name && (state.Derived || t == type))
                {
                    return state;
                }
            }
        }
        if (!IsDisposable(type))
        {
            return null;
        }
        foreach (var field in TypeFields.Of(type))
        {
            if (field.ElementType == ClrElementType.Boolean && FinishedStates.DisposedFields.Contains(field.Name, StringComparer.Ordinal))
            {
                return new FinishedState(type.Name, field.Name!, FinishedTest.True, Derived: false);
            }
        }
        return null;
    }

    /// <summary>
    /// The index in <see cref="FinishedState.PathTexts"/> of the field that says <paramref name="item"/> is finished,
    /// or -1 when it is not (or no alternative exists on it).
    /// </summary>
    public static int FinishedBy(ClrObject item, FinishedState state)
    {
        for (var alternative = 0; alternative < state.Paths.Count; alternative++)
        {
            var steps = state.Paths[alternative];
            var current = item;
            var resolved = true;
            for (var i = 0; i < steps.Length - 1 && resolved; i++)
            {
                var field = current.Type?.GetFieldByName(steps[i]);
                resolved = field is { IsObjectReference: true };
                current = resolved ? current.ReadObjectField(steps[i]) : default;
                if (resolved && current.IsNull)
                {
                    return -1;
                }
            }
            var last = resolved ? current.Type?.GetFieldByName(steps[^1]) : null;
            if (last is null)
            {
                continue;
            }
            return Says(current, last, state.Test) ? alternative : -1;
        }
        return -1;
    }

    private static bool Says(ClrObject owner, ClrInstanceField field, FinishedTest test) => test switch
    {
        FinishedTest.True => field.ElementType == ClrElementType.Boolean && owner.ReadField<bool>(field.Name!),
        FinishedTest.False => field.ElementType == ClrElementType.Boolean && !owner.ReadField<bool>(field.Name!),
        _ => field.ElementType == ClrElementType.Int32 && (owner.ReadField<int>(field.Name!) & 1) != 0,
    };

    private static bool IsDisposable(ClrType type)
    {
        foreach (var face in type.EnumerateInterfaces())
        {
            if (FinishedStates.DisposableInterfaces.Contains(face.Name, StringComparer.Ordinal))
            {
                return true;
            }
        }
        return false;
    }
}

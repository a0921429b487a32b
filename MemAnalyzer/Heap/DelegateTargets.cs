using System.Text;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// What a delegate's target tells about the method it calls. Shared generic code is declared on the canonical
/// instantiation (<c>OptionsMonitor&lt;System.__Canon&gt;+ChangeTrackerDisposable</c>): the target's type, or the base
/// of it of the same generic shape, names the instantiation instead (<c>OptionsMonitor&lt;FeatureOptions&gt;+…</c>).
/// A framework wrapper (a target of a System.* or Microsoft.* type) that holds a delegate in an instance field of a
/// delegate type (IOptionsMonitor.OnChange's ChangeTrackerDisposable._listener) hides the user's method one level down:
/// <see cref="Wrapped"/> finds that delegate. Fields per type are looked up once.
/// </summary>
public sealed class DelegateTargets
{
    private const string Canon = "__Canon";
    private const string MulticastDelegate = "System.MulticastDelegate";

    private readonly Dictionary<ulong, ClrInstanceField[]> _delegateFields = [];

    /// <summary>The declaring type <paramref name="methodType"/> as <paramref name="targetType"/> instantiates it; unchanged when it is not shared generic code.</summary>
    public static string DeclaringType(string methodType, ClrType? targetType)
    {
        if (!methodType.Contains(Canon, StringComparison.Ordinal))
        {
            return methodType;
        }
        var shape = Shape(methodType);
        for (var type = targetType; type is not null; type = type.BaseType)
        {
            if (type.Name is { } name && !name.Contains(Canon, StringComparison.Ordinal) && Shape(name) == shape)
            {
                return name;
            }
        }
        return methodType;
    }

    /// <summary>The delegate a framework wrapper <paramref name="target"/> holds in a delegate-typed instance field (the first non-null one), or a null object.</summary>
    public ClrObject Wrapped(ClrObject target)
    {
        if (target.Type is not { Name: { } name } type || !(name.StartsWith("System.", StringComparison.Ordinal) || name.StartsWith("Microsoft.", StringComparison.Ordinal)))
        {
            return default;
        }
        if (!_delegateFields.TryGetValue(type.MethodTable, out var fields))
        {
            _delegateFields[type.MethodTable] = fields = [.. TypeFields.Of(type).Where(f => f.IsObjectReference && f.Type is { } t && t.Name != MulticastDelegate && Derives(t))];
        }
        foreach (var field in fields)
        {
            var value = field.ReadObject(target.Address, interior: false);
            if (!value.IsNull && value.IsValid && value.IsDelegate)
            {
                return value;
            }
        }
        return default;
    }

    /// <summary>The name with every generic argument list emptied: <c>A&lt;X, B&lt;Y&gt;&gt;+C</c> → <c>A&lt;&gt;+C</c>.</summary>
    private static string Shape(string name)
    {
        var shape = new StringBuilder(name.Length);
        var depth = 0;
        foreach (var c in name)
        {
            if (c == '<')
            {
                if (depth++ == 0)
                {
                    shape.Append(c);
                }
            }
            else if (c == '>')
            {
                if (--depth == 0)
                {
                    shape.Append(c);
                }
            }
            else if (depth == 0)
            {
                shape.Append(c);
            }
        }
        return shape.ToString();
    }

    private static bool Derives(ClrType type)
    {
        for (var t = type; t is not null; t = t.BaseType)
        {
            if (t.Name == MulticastDelegate)
            {
                return true;
            }
        }
        return false;
    }
}

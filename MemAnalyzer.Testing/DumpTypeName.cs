using System.Text;

namespace MemAnalyzer.Testing;

/// <summary>
/// A type's name as a dump spells it (ClrMD, SOS, MemAnalyzer's tables): nested types after '+', generic arguments
/// in angle brackets with their full names, separated by a comma and a space: <c>Acme.Pair&lt;System.Int32, System.String&gt;</c>.
/// </summary>
public static class DumpTypeName
{
    public static string Of(Type type)
    {
        if (type.IsArray)
        {
            var rank = type.GetArrayRank();
            return Of(type.GetElementType()!) + (rank == 1 ? "[]" : "[" + new string(',', rank - 1) + "]");
        }
        var name = new StringBuilder();
        Append(name, type, type.IsGenericType ? type.GetGenericArguments() : [], 0);
        return name.ToString();
    }

    /// <summary>
    /// Appends the type after its declaring types; each name takes its own share of the generic arguments, as the
    /// runtime numbers them (<c>Dictionary`2+Entry</c>: both to Dictionary), as dumps show them: <c>Dictionary&lt;K, V&gt;+Entry</c>.
    /// </summary>
    private static int Append(StringBuilder name, Type type, Type[] arguments, int used)
    {
        if (type.DeclaringType is { } outer)
        {
            used = Append(name, outer, arguments, used);
            name.Append('+');
        }
        else if (!string.IsNullOrEmpty(type.Namespace))
        {
            name.Append(type.Namespace).Append('.');
        }
        var tick = type.Name.IndexOf('`');
        if (tick < 0)
        {
            name.Append(type.Name);
            return used;
        }
        var count = int.Parse(type.Name.AsSpan(tick + 1), System.Globalization.CultureInfo.InvariantCulture);
        name.Append(type.Name, 0, tick).Append('<').AppendJoin(", ", arguments.Skip(used).Take(count).Select(Of)).Append('>');
        return used + count;
    }
}

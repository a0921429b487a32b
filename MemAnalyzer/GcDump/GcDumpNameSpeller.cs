using System.Text;

namespace MemAnalyzer.GcDump;

/// <summary>
/// Spells a gcdump's type names as a core dump spells them (docs/gcdump-format.md, "Type names"): generic arguments
/// separated by a comma and a space (<c>Acme.Pair&lt;System.Int32, System.String&gt;</c>), a multi-dimensional array as
/// <c>[,]</c>, a compiler-generated <c>[]c</c> as <c>&lt;&gt;c</c>, and a nested type the runtime named by its own name only
/// restored where the gcdump's own names say what holds it: the full name that another type's generic arguments spell
/// (<c>OverrideEventProvider</c> → <c>System.Diagnostics.Tracing.EventSource+OverrideEventProvider</c>), or the one
/// collection of the same generic arguments that declares it (<c>Entry&lt;K,V&gt;[]</c> →
/// <c>System.Collections.Generic.Dictionary&lt;K, V&gt;+Entry[]</c>).
/// </summary>
public static class GcDumpNameSpeller
{
    /// <summary>The nested types of the framework's generic collections, by name, and the types that declare them.</summary>
    private static readonly Dictionary<string, string[]> s_declaringTypes = new(StringComparer.Ordinal)
    {
        ["Entry"] = ["System.Collections.Generic.Dictionary", "System.Runtime.CompilerServices.ConditionalWeakTable", "System.Collections.Generic.HashSet",
            "System.Runtime.CompilerServices.GenericCache"],
        ["Container"] = ["System.Runtime.CompilerServices.ConditionalWeakTable"],
        ["KeyCollection"] = ["System.Collections.Generic.Dictionary", "System.Collections.Generic.SortedDictionary"],
        ["ValueCollection"] = ["System.Collections.Generic.Dictionary", "System.Collections.Generic.SortedDictionary"],
        ["Node"] = ["System.Collections.Concurrent.ConcurrentDictionary"],
        ["VolatileNode"] = ["System.Collections.Concurrent.ConcurrentDictionary"],
        ["Tables"] = ["System.Collections.Concurrent.ConcurrentDictionary"],
        ["Table"] = ["System.Reflection.CerHashtable"],
    };

    /// <summary>Per name as the gcdump wrote it (size buckets already removed), the name as a core dump spells it.</summary>
    public static Dictionary<string, string> Spell(IEnumerable<string> names)
    {
        var distinct = names.Distinct(StringComparer.Ordinal).ToList();
        var context = new Context(FullNestedNames(distinct), GenericTypesByArguments(distinct));
        return distinct.ToDictionary(n => n, n => Respell(n, context), StringComparer.Ordinal);
    }

    private sealed record Context(Dictionary<string, string?> FullNested, Dictionary<string, List<string>> GenericByArguments);

    /// <summary>Every "A.B+C" that a name spells in full, by its last part ("C"); null where two full names share it.</summary>
    private static Dictionary<string, string?> FullNestedNames(List<string> names)
    {
        var full = new Dictionary<string, string?>(StringComparer.Ordinal);
        foreach (var part in names.SelectMany(n => n.Split(['<', '>', ',', '[', ']'], StringSplitOptions.RemoveEmptyEntries)))
        {
            var plus = part.LastIndexOf('+');
            if (plus > 0 && part.IndexOf('.') is var dot && dot > 0 && dot < plus)
            {
                var shortName = part[(plus + 1)..];
                full[shortName] = full.TryGetValue(shortName, out var known) && known != part ? null : part;
            }
        }
        return full;
    }

    /// <summary>The generic types with a namespace, by their generic arguments as the gcdump wrote them ("System.String,System.Object").</summary>
    private static Dictionary<string, List<string>> GenericTypesByArguments(List<string> names)
    {
        var byArguments = new Dictionary<string, List<string>>(StringComparer.Ordinal);
        foreach (var name in names)
        {
            var open = name.IndexOf('<');
            if (open > 0 && name.EndsWith('>') && name.AsSpan(0, open).Contains('.'))
            {
                var arguments = name[(open + 1)..^1];
                if (!byArguments.TryGetValue(arguments, out var list))
                {
                    byArguments[arguments] = list = [];
                }
                list.Add(name[..open]);
            }
        }
        return byArguments;
    }

    private static string Respell(string name, Context context)
    {
        var position = 0;
        var spelled = new StringBuilder(name.Length + 8);
        return Type(name, ref position, spelled, context) && position == name.Length ? spelled.ToString() : name;
    }

    /// <summary>One type at <paramref name="at"/>: head, generic arguments, array suffixes; false where the name is not of that shape.</summary>
    private static bool Type(string name, ref int at, StringBuilder output, Context context)
    {
        var start = at;
        if (name.AsSpan(at).StartsWith("[]") && at + 2 < name.Length && char.IsAsciiLetter(name[at + 2]))
        {
            at += 2;
        }
        while (at < name.Length && name[at] is not ('<' or '>' or ',' or '[' or ']'))
        {
            at++;
        }
        var head = name[start..at];
        if (head.StartsWith("[]", StringComparison.Ordinal))
        {
            head = "<>" + head[2..];
        }
        string? rawArguments = null;
        var arguments = new StringBuilder();
        if (at < name.Length && name[at] == '<' && !IsRank(name, at))
        {
            var open = at;
            do
            {
                at++;
                if (arguments.Length > 0)
                {
                    arguments.Append(", ");
                }
                if (!Type(name, ref at, arguments, context))
                {
                    return false;
                }
            }
            while (at < name.Length && name[at] == ',');
            if (at >= name.Length || name[at] != '>')
            {
                return false;
            }
            rawArguments = name[(open + 1)..at++];
        }
        output.Append(Restore(head, rawArguments, arguments.ToString(), context));
        while (at < name.Length && (name[at] == '[' || (name[at] == '<' && IsRank(name, at))))
        {
            var close = name.IndexOf(name[at] == '[' ? ']' : '>', at);
            if (close < 0)
            {
                return false;
            }
            output.Append('[').Append(name, at + 1, close - at - 1).Append(']');
            at = close + 1;
        }
        return head.Length > 0;
    }

    /// <summary>"&lt;,&gt;": dotnet-gcdump's spelling of a multi-dimensional array's rank.</summary>
    private static bool IsRank(string name, int at)
    {
        var i = at + 1;
        while (i < name.Length && name[i] == ',')
        {
            i++;
        }
        return i > at + 1 && i < name.Length && name[i] == '>';
    }

    private static string Restore(string head, string? rawArguments, string arguments, Context context)
    {
        var nested = !head.Contains('.');
        if (rawArguments is null)
        {
            return nested && context.FullNested.GetValueOrDefault(head) is { } full ? full : head;
        }
        if (nested && s_declaringTypes.TryGetValue(head, out var declaring)
            && context.GenericByArguments.GetValueOrDefault(rawArguments) is { } candidates
            && candidates.Where(declaring.Contains).Distinct(StringComparer.Ordinal).ToList() is [var owner])
        {
            return $"{owner}<{arguments}>+{head}";
        }
        return $"{head}<{arguments}>";
    }
}

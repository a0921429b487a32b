using System.Text.RegularExpressions;

namespace MemAnalyzer.Analysis;

/// <summary>-roots &lt;type&gt; [N]: an exact type name, or a pattern with <c>*</c> wildcards, and how many paths per type.</summary>
public sealed class RootsQuery(string type, int top)
{
    public const int DefaultTop = 5;

    private readonly Regex? _pattern = type.Contains('*', StringComparison.Ordinal)
        ? new Regex("^" + string.Join(".*", type.Split('*').Select(Regex.Escape)) + "$", RegexOptions.CultureInvariant | RegexOptions.Singleline)
        : null;

    public string Type { get; } = type;

    public int Top { get; } = top;

    public bool Matches(string typeName) => _pattern?.IsMatch(typeName) ?? string.Equals(typeName, Type, StringComparison.Ordinal);

    /// <summary>The name as the user typed it, when <see cref="Type"/> is the full name a short one stood for; else null.</summary>
    public string? Typed { get; private init; }

    /// <summary>
    /// A short name as users type it (<c>Subscriber</c>, <c>Leaks.Subscriber</c>) stands for the one type of
    /// <paramref name="typeNames"/> whose full name ends with it after a '.' or '+'; an exact name, a pattern, or a name
    /// no type ends with stays as it is.
    /// </summary>
    /// <exception cref="MemAnalyzerException">Exit 1: the short name ends several types' names.</exception>
    public RootsQuery Resolve(IEnumerable<string> typeNames)
    {
        if (_pattern is not null)
        {
            return this;
        }
        var names = typeNames as ICollection<string> ?? [.. typeNames];
        if (names.Contains(Type))
        {
            return this;
        }
        var candidates = names.Where(n => n.Length > Type.Length && n.EndsWith(Type, StringComparison.Ordinal) && n[^(Type.Length + 1)] is '.' or '+')
            .Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToList();
        return candidates.Count switch
        {
            0 => this,
            1 => new RootsQuery(candidates[0], Top) { Typed = Type },
            _ => throw new MemAnalyzerException(ExitCodes.InvalidArguments,
                $"the type name '{Type}' ends the names of {candidates.Count:N0} types: give one in full: {string.Join(", ", candidates.Take(10))}{(candidates.Count > 10 ? $" and {candidates.Count - 10:N0} more" : "")}"),
        };
    }

    /// <summary>Up to three names most like the query, for the error when nothing matches.</summary>
    public IReadOnlyList<string> Closest(IEnumerable<string> typeNames)
    {
        var wanted = Type.Replace("*", "", StringComparison.Ordinal);
        var last = wanted[(wanted.LastIndexOf('.') + 1)..];
        return typeNames
            .Select(name => (name, score: name.Contains(last, StringComparison.OrdinalIgnoreCase) ? 0 : Distance(name[(name.LastIndexOf('.') + 1)..], last)))
            .OrderBy(p => p.score).ThenBy(p => p.name.Length).ThenBy(p => p.name, StringComparer.Ordinal)
            .Take(3).Select(p => p.name).ToList();
    }

    private static int Distance(string a, string b)
    {
        var previous = Enumerable.Range(0, b.Length + 1).ToArray();
        for (var i = 1; i <= a.Length; i++)
        {
            var current = new int[b.Length + 1];
            current[0] = i;
            for (var j = 1; j <= b.Length; j++)
            {
                var cost = char.ToLowerInvariant(a[i - 1]) == char.ToLowerInvariant(b[j - 1]) ? 0 : 1;
                current[j] = Math.Min(Math.Min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            previous = current;
        }
        return previous[b.Length];
    }
}

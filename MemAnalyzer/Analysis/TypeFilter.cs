using System.Text.RegularExpressions;

namespace MemAnalyzer.Analysis;

/// <summary>
/// -type: which type names a view keeps. Text without <c>*</c> matches names that contain it, as SOS
/// <c>dumpheap -type</c> does; with <c>*</c> it is a wildcard pattern over the whole name (<c>*</c> = any characters).
/// Case-sensitive, as type names are.
/// </summary>
public sealed class TypeFilter
{
    private readonly Regex? _pattern;

    public TypeFilter(string text)
    {
        Text = text;
        _pattern = text.Contains('*', StringComparison.Ordinal)
            ? new Regex("^" + string.Join(".*", text.Split('*').Select(Regex.Escape)) + "$", RegexOptions.CultureInvariant | RegexOptions.Singleline)
            : null;
    }

    public string Text { get; }

    /// <summary>True for a pattern with <c>*</c>, false for a substring.</summary>
    public bool IsPattern => _pattern is not null;

    public bool Matches(string typeName) => _pattern?.IsMatch(typeName) ?? typeName.Contains(Text, StringComparison.Ordinal);

    /// <summary>Every name when <paramref name="filter"/> is null.</summary>
    public static bool Keeps(TypeFilter? filter, string typeName) => filter is null || filter.Matches(typeName);
}

using System.Globalization;
using System.Numerics;

namespace MemAnalyzer.Sql;

/// <summary>A query's result: its column names and its rows, each value as the engine gave it (null for SQL NULL).</summary>
public sealed record SqlResult(IReadOnlyList<string> Columns, IReadOnlyList<object?[]> Rows)
{
    /// <summary>A value as the console and CSV show it: numbers in the invariant culture with no grouping, NULL as empty.</summary>
    public static string Text(object? value) => value switch
    {
        null => "",
        bool b => b ? "true" : "false",
        IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
        string text => text,
        System.Collections.IEnumerable list => "[" + string.Join(", ", list.Cast<object?>().Select(Text)) + "]",
        _ => value.ToString() ?? "",
    };

    /// <summary>Whether a value is a number (right-aligned on the console, a JSON number).</summary>
    public static bool IsNumber(object? value) => value is sbyte or byte or short or ushort or int or uint or long or ulong or float or double or decimal or BigInteger;
}

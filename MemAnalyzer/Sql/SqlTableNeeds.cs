namespace MemAnalyzer.Sql;

/// <summary>
/// The tables that cost a load of their own, read only when the query's text names them: <c>refs</c> (the graph's
/// references, which the dump's index does not keep), <c>strings</c> (every string's characters) and the
/// <c>fields('&lt;type&gt;')</c> of each type named (its instances' fields); and <c>types</c>, which tables that are not
/// kept store from the one walk of their load when it is read (else a view over the objects).
/// </summary>
public sealed record SqlTableNeeds(bool Refs, bool Strings, bool Types = false)
{
    /// <summary>The types whose <c>fields('…')</c> the query names.</summary>
    public IReadOnlyList<string> FieldTypes { get; init; } = [];

    public static SqlTableNeeds Of(string query) => new(Names(query, "refs"), Names(query, "strings"), Names(query, "types")) { FieldTypes = FieldTables.TypesIn(query) };

    /// <summary>Every table: what an export writes.</summary>
    public static SqlTableNeeds All { get; } = new(true, true, true);

    private static bool Names(string query, string table) =>
        System.Text.RegularExpressions.Regex.IsMatch(query, $@"\b{table}\b", System.Text.RegularExpressions.RegexOptions.IgnoreCase | System.Text.RegularExpressions.RegexOptions.CultureInvariant);
}

namespace MemAnalyzer.TestTargets;

/// <summary>
/// The generic types LeakyApp's "walkthrough" mode plants (LeakyApp/GenericNamesScenario.cs), in a namespace of their
/// own so that no -type filter on the walkthrough's namespace sees them: a Dictionary and a ConditionalWeakTable whose
/// nested types a .gcdump names by their own name only (Entry&lt;…&gt;[], Container&lt;…&gt;), and the pairs they hold.
/// </summary>
public static partial class ExpectedCounts
{
    public const string GenericNamesNamespace = "Acme";

    /// <summary>The pairs a Dictionary&lt;int, Pair&lt;int, string&gt;&gt; holds.</summary>
    public const int DictionaryPairs = 5;

    /// <summary>The pairs a ConditionalWeakTable&lt;PairKey, Pair&lt;int, string&gt;&gt; holds, each key rooted by a static array.</summary>
    public const int TablePairs = 3;

    /// <summary>The names a core dump gives the planted types (comma and space between generic arguments), with their live instances.</summary>
    public static IReadOnlyDictionary<string, long> GenericNames { get; } = new Dictionary<string, long>
    {
        ["Acme.Pair<System.Int32, System.String>"] = DictionaryPairs + TablePairs,
        ["Acme.PairKey"] = TablePairs,
        ["Acme.PairKey[]"] = 1,
        ["System.Collections.Generic.Dictionary<System.Int32, Acme.Pair<System.Int32, System.String>>"] = 1,
        ["System.Collections.Generic.Dictionary<System.Int32, Acme.Pair<System.Int32, System.String>>+Entry[]"] = 1,
        ["System.Runtime.CompilerServices.ConditionalWeakTable<Acme.PairKey, Acme.Pair<System.Int32, System.String>>"] = 1,
        ["System.Runtime.CompilerServices.ConditionalWeakTable<Acme.PairKey, Acme.Pair<System.Int32, System.String>>+Container"] = 1,
        ["System.Runtime.CompilerServices.ConditionalWeakTable<Acme.PairKey, Acme.Pair<System.Int32, System.String>>+Entry[]"] = 1,
    };
}

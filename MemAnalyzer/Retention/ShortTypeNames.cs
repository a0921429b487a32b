using System.Text.RegularExpressions;

namespace MemAnalyzer.Retention;

/// <summary>Type names as root paths show them along a path: without namespaces.</summary>
public static partial class ShortTypeNames
{
    /// <summary><c>System.Collections.Generic.Dictionary&lt;System.Int32, Acme.Order&gt;</c> → <c>Dictionary&lt;Int32, Order&gt;</c>.</summary>
    public static string Of(string typeName) => Qualifier().Replace(typeName, "");

    [GeneratedRegex(@"(?:[A-Za-z_][A-Za-z0-9_`]*\.)+(?=[A-Za-z_])")]
    private static partial Regex Qualifier();
}

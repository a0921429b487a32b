using System.Text.RegularExpressions;

namespace MemAnalyzer.GcDump;

/// <summary>
/// The type name a gcdump's type stands for. dotnet-gcdump gives large objects a type of their own, named with a size
/// bucket (<c>System.Byte[] (Bytes &gt; 100K)</c>); MemAnalyzer counts them with their type.
/// </summary>
public static partial class GcDumpTypeName
{
    public static string Of(string name) => SizeBucket().Replace(name, "");

    [GeneratedRegex(@" \(Bytes > [0-9]+[KMG]?\)$", RegexOptions.CultureInvariant)]
    private static partial Regex SizeBucket();
}

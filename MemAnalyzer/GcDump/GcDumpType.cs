namespace MemAnalyzer.GcDump;

/// <summary>One type of a gcdump's graph: its name as dotnet-gcdump wrote it, the size it gives every node that names no size of its own, and its module's path.</summary>
/// <param name="Size">0 for the pseudo-types of the root tree ("[.NET Roots]", "[static var …]") and for "UNDEFINED".</param>
public sealed record GcDumpType(string Name, int Size, string? Module);

namespace MemAnalyzer.GcDump;

/// <summary>A .gcdump file that ends early or does not hold what dotnet-gcdump writes; the message says which, in a user's words.</summary>
public sealed class GcDumpFormatException(string message) : Exception(message);

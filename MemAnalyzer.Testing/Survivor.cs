namespace MemAnalyzer.Testing;

/// <summary>A tracked object that outlived the collections, and where it was when the dump was written.</summary>
internal sealed record Survivor(string Label, ulong Address, string DotNetType);

namespace MemAnalyzer.Inspections;

/// <summary>A primitive array seen by the walk: its content's hash (0 for a constant-filled one), MethodTable index, length, address and size.</summary>
/// <param name="Value">A constant-filled array's element, as the little-endian number of its bytes; 0 otherwise.</param>
internal readonly record struct ArrayPrint(ulong Hash, int Index, int Length, ulong Address, long Size, ulong Value = 0);

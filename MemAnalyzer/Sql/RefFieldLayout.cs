namespace MemAnalyzer.Sql;

/// <summary>One type's reference fields: their offsets from the object's start and their name ids; an array's none.</summary>
internal sealed record RefFieldLayout(long[] Offsets, int[] Names, bool IsArray);

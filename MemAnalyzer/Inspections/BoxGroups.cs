namespace MemAnalyzer.Inspections;

/// <summary>The box types listed (at least the group threshold's boxes), by type name, and the objects whose owning field names their holders.</summary>
internal sealed record BoxGroups(IReadOnlyDictionary<string, BoxGroup> Groups, IReadOnlySet<ulong> Wanted);

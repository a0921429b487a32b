using MemAnalyzer.Analysis;

namespace MemAnalyzer.Strings;

/// <summary>What -dstrings asks of a heap: how many values, of which objects, how a diff ranks them, and whether the table shows an address.</summary>
/// <param name="DiffSortKey">With a second side: rank by bytes, or by instance delta (-dtn).</param>
/// <param name="ShowAddress">-showaddress: the address of one instance of each value.</param>
public sealed record StringQuery(int TopN, ObjectSelection Selection, SortKey DiffSortKey, bool ShowAddress);

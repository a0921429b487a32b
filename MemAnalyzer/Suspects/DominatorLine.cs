namespace MemAnalyzer.Suspects;

/// <summary>
/// One line of the dominator tree view: an object at a depth (0 for the top objects), or, with <see cref="More"/> &gt; 0,
/// the children of the line above it that were not listed, how many and what they retain together.
/// </summary>
public sealed record DominatorLine(int Depth, ulong Address, string TypeName, long Shallow, long Retained, int More = 0);

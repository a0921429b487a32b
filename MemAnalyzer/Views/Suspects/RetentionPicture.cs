using MemAnalyzer.Suspects;

namespace MemAnalyzer.Views;

/// <summary>
/// What the page shows of the dominator tree when it was computed (-suspects): the suspects, the top of the tree to
/// depth 1 for the treemap, and the roots that hold its top objects.
/// </summary>
/// <param name="Roots">A top object's address → the root that holds it.</param>
public sealed record RetentionPicture(SuspectReport Suspects, double Percent, IReadOnlyList<DominatorLine> Lines, IReadOnlyDictionary<ulong, string> Roots);

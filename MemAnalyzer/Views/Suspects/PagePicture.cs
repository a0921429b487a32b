using MemAnalyzer.Suspects;

namespace MemAnalyzer.Views;

/// <summary>What -suspects -html reads of the dominator tree besides the suspects, while the target is open: its top to depth 1 and the roots of its top objects.</summary>
public static class PagePicture
{
    public static RetentionPicture Of(SuspectsReading<SuspectReport>.Tree tree, SuspectReport suspects, double percent)
    {
        var lines = DominatorView.Lines(tree.Graph, tree.Dominators, tree.Children, DominatorTreemap.Count, 1, null);
        var roots = new Dictionary<ulong, string>();
        foreach (var line in lines.Where(l => l.Depth == 0 && l.Address != 0))
        {
            if (tree.PathOf(tree.Graph.IndexOf(line.Address)) is { } path)
            {
                roots[line.Address] = path.Root.Description;
            }
        }
        return new RetentionPicture(suspects, percent, lines, roots);
    }
}

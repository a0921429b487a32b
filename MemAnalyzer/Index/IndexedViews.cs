namespace MemAnalyzer.Index;

/// <summary>The views that read a dump's index when it is there, named once for the index note and the help of -noindex.</summary>
public static class IndexedViews
{
    public const string List = "-retained, -roots, -suspects, -dominators, -objects, -finalizable, -handles -retained, -sql or -export";
}

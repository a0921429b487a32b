namespace MemAnalyzer.TestTargets;

public static partial class ExpectedCounts
{
    /// <summary>Distinct Holder&lt;,,&gt; instantiations of the "manytypes" mode by default (at most 5,832).</summary>
    public const int ManyTypesDefaultTypes = 5_500;

    /// <summary>Reachable holders per instantiation by default; a quarter as many more become garbage.</summary>
    public const int ManyTypesDefaultPerType = 400;
}

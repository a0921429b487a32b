namespace MemAnalyzer.TestTargets;

/// <summary>
/// LeakyApp's "loadcontexts" mode: one assembly (TestTargets/LoadContextLibrary) loaded into the default
/// AssemblyLoadContext and into a collectible one, with instances of its one type in each, all held by statics.
/// </summary>
public static partial class ExpectedCounts
{
    /// <summary>The library's file name without ".dll", next to LeakyApp.dll.</summary>
    public const string LoadContextLibrary = "LoadContextLibrary";

    /// <summary>The type's name, the same in both contexts (two MethodTables); its instances are <see cref="LeafSize"/> bytes.</summary>
    public const string SameNameType = "MemAnalyzer.TestTargets.LoadContexts.SameNameItem";

    public const int SameNameInDefaultContext = 300;
    public const int SameNameInCollectibleContext = 700;
}

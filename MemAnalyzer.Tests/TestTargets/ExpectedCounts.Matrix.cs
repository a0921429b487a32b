namespace MemAnalyzer.TestTargets;

public static partial class ExpectedCounts
{
    /// <summary>The runtime of LeakyAppNet9: a Microsoft.NETCore.App.Runtime.linux-x64 9.0 version the registry serves.</summary>
    public const string Net9RuntimeVersion = "9.0.23";
}

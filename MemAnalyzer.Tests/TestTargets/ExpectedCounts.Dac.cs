namespace MemAnalyzer.TestTargets;

public static partial class ExpectedCounts
{
    /// <summary>
    /// The runtime LeakyAppNet9 is published with: served by the NuGet registry as Microsoft.NETCore.App.Runtime.linux-x64,
    /// and not installed on the machine. Directory.Build.props passes it to the project as OtherRuntimeVersion.
    /// </summary>
    public const string OtherRuntimeVersion = "9.0.22";
}

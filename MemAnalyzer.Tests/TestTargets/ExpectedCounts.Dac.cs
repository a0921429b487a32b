namespace MemAnalyzer.TestTargets;

public static partial class ExpectedCounts
{
    /// <summary>
    /// The runtime of LeakyAppNet8: a Microsoft.NETCore.App.Runtime.linux-x64 version the NuGet registry serves, and not
    /// the runtime installed on the test machine, so its DAC must come from dacs/.
    /// </summary>
    public const string OtherRuntimeVersion = "8.0.33";

    /// <summary>Func&lt;string&gt; delegates .NET 8's own startup keeps (cached by the runtime), besides the planted ones.</summary>
    public const int OtherRuntimeOwnFuncs = 2;
}

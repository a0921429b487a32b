namespace MemAnalyzer.TestTargets;

public static partial class ExpectedCounts
{
    /// <summary>The .NET Core 3.1 runtime of LeakyAppCore31: the registry's Microsoft.NETCore.App.Runtime.linux-x64 pack.</summary>
    public const string Core31RuntimeVersion = "3.1.3";

    /// <summary>Core31Node objects LeakyAppCore31 keeps in a static array (live).</summary>
    public const int Core31LiveNodes = 3000;

    /// <summary>Core31Garbage objects it allocates and drops after its last GC (dead).</summary>
    public const int Core31DeadGarbage = 1500;

    /// <summary>Core31StackHeld objects only a local of Main references while it waits (live through a stack root).</summary>
    public const int Core31StackHeld = 1;
}

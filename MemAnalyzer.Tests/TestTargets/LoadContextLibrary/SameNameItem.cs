namespace MemAnalyzer.TestTargets.LoadContexts;

/// <summary>An object header, a MethodTable pointer and one long: 24 bytes, in whichever AssemblyLoadContext it was loaded.</summary>
public sealed class SameNameItem
{
    public long Value;
}

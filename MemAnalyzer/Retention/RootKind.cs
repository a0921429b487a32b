namespace MemAnalyzer.Retention;

/// <summary>
/// What holds a root, in the order root paths prefer them: when two roots reach an object at the same depth, the
/// earlier kind names its path (a static explains a leak better than the stack that happens to hold it too).
/// </summary>
public enum RootKind
{
    Static,
    ThreadStatic,
    StrongHandle,
    PinnedHandle,
    AsyncPinnedHandle,
    RefCountedHandle,
    Stack,
    FinalizerQueue,
    DependentHandle,
    Other,

    /// <summary>Never a GC root: a singleton of a ServiceProvider, which a condensed path starts at (Verdicts/SingletonPaths); last, as an index stores kinds by number.</summary>
    Singleton,
}

namespace MemAnalyzer.MemoryMap;

/// <summary>
/// Recognises the stacks glibc keeps for reuse after their threads ended (its stack cache, up to 40 MiB): by their
/// shape, a private read-write anonymous mapping of a thread stack's size with a PROT_NONE guard page directly below
/// it, in which no live thread's stack pointer lies. Such a stack is neither a leak nor a live thread's stack.
/// </summary>
public sealed class CachedStacks
{
    /// <summary>glibc's default thread stack (RLIMIT_STACK, 8 MiB on most systems); the runtime's threads use it too.</summary>
    public const long DefaultStackSize = 8L << 20;

    private const long MaxGuardSize = 1L << 20;
    private readonly IReadOnlyList<ulong> _stackPointers;
    private readonly IReadOnlyList<(ulong Start, ulong End)> _managedStacks;
    private readonly HashSet<long> _stackSizes;
    private readonly HashSet<ulong> _guardEnds;

    private CachedStacks(IReadOnlyList<ulong> stackPointers, IReadOnlyList<(ulong Start, ulong End)> managedStacks, HashSet<long> stackSizes, HashSet<ulong> guardEnds)
    {
        _stackPointers = stackPointers;
        _managedStacks = managedStacks;
        _stackSizes = stackSizes;
        _guardEnds = guardEnds;
    }

    /// <summary>The stack sizes in use are the default and those of the live threads' stacks that have a guard page.</summary>
    public static CachedStacks Find(IReadOnlyList<MemoryRegion> ordered, ClrMemoryRanges clr)
    {
        var guardEnds = ordered.Where(IsGuard).Select(r => r.End).ToHashSet();
        var sizes = ordered.Where(r => guardEnds.Contains(r.Start) && clr.StackPointers.Any(sp => sp >= r.Start && sp < r.End))
            .Select(r => r.Size).Append(DefaultStackSize).ToHashSet();
        return new CachedStacks(clr.StackPointers, clr.ManagedStacks, sizes, guardEnds);
    }

    /// <summary>
    /// True for a cached stack. Without any thread's stack pointer (a source that does not tell them) no mapping is
    /// called one: a live thread's stack could not be told from it.
    /// </summary>
    public bool IsCachedStack(MemoryRegion region) =>
        _stackPointers.Count > 0
        && region.IsAccessible && !region.IsShared && region.Permissions.StartsWith("rw", StringComparison.Ordinal)
        && (region.Path.Length == 0 || region.Path.StartsWith("[anon: glibc: pthread", StringComparison.Ordinal))
        && _stackSizes.Contains(region.Size)
        && _guardEnds.Contains(region.Start)
        && !_stackPointers.Any(sp => sp >= region.Start && sp < region.End)
        && !_managedStacks.Any(s => s.Start < region.End && region.Start < s.End);

    public static bool IsGuard(MemoryRegion region) =>
        !region.IsAccessible && (region.Path.Length == 0 || region.Path.StartsWith("[anon: glibc: pthread", StringComparison.Ordinal)) && region.Size <= MaxGuardSize;
}

namespace MemAnalyzer.Analysis;

/// <summary>
/// Every summary and memory-map row label, defined once: the console table, the CSV, the diff, -resultfile and the
/// trend report all meet on these texts. Labels ending in '!' do not overlap and add up to <see cref="AllocatedTotal"/>.
/// </summary>
public static class RowLabels
{
    public const string ManagedFree = "Managed Heap(Free)!";
    public const string ManagedAllocated = "Managed Heap(Allocated)!";
    public const string ManagedTotalSize = "Managed Heap(TotalSize)";

    /// <summary>Objects on frozen segments. No '!': they are already part of <see cref="ManagedAllocated"/>, so the '!' rows still add up.</summary>
    public const string ManagedFrozen = "Managed Heap(Frozen)";

    /// <summary>Heap bytes that could not be walked (count: damaged places). '!' as Free: they overlap neither Free nor Allocated; only on a damaged heap.</summary>
    public const string ManagedUnreadable = "Managed Heap(Unreadable)!";

    /// <summary>-dead only: unreachable objects registered for finalization. No '!': they are part of <see cref="ManagedAllocated"/>.</summary>
    public const string ManagedAwaitingFinalization = "Managed Heap(AwaitingFinalization)";

    /// <summary>What every summary row of the managed heap begins with.</summary>
    public const string ManagedPrefix = "Managed Heap(";

    public const string AllocatedTotal = "Allocated(Total)";

    public const string ReservedStack = "Reserved_Stack";
    public const string CommittedDll = "Committed_Dll";
    public const string CommittedHeap = "Committed_Heap!";
    public const string CommittedMappedFile = "Committed_MappedFile!";
    public const string CommittedPrivate = "Committed_Private!";
    public const string CommittedShareable = "Committed_Shareable!";
    public const string CommittedStack = "Committed_Stack";
    public const string CommittedStackCache = "Committed_StackCache";
    public const string CommittedManagedHeap = "Committed_ManagedHeap";
    public const string CommittedManagedHeapRuntime = "Committed_ManagedHeap(Runtime)";
    public const string CommittedTotal = "Committed_Total";

    public const string ResidentDll = "Resident_Dll";
    public const string ResidentHeap = "Resident_Heap";
    public const string ResidentMappedFile = "Resident_MappedFile";
    public const string ResidentPrivate = "Resident_Private";
    public const string ResidentShareable = "Resident_Shareable";
    public const string ResidentStack = "Resident_Stack";
    public const string ResidentStackCache = "Resident_StackCache";
    public const string ResidentManagedHeap = "Resident_ManagedHeap";
    public const string ResidentTotal = "Resident_Total";
    public const string ResidentOutsideManagedHeap = "Resident_OutsideManagedHeap";
    public const string SwapTotal = "Swap_Total";

    /// <summary>The rows that add up to <see cref="AllocatedTotal"/>, as the trend chart stacks them (managed at the bottom).</summary>
    public static readonly string[] AllocatedTotalParts = [ManagedAllocated, CommittedHeap, CommittedPrivate, CommittedMappedFile, CommittedShareable];

    /// <summary>True for the heap summary and memory-map rows, false for a type name.</summary>
    public static bool IsSummary(string label) =>
        label.StartsWith(ManagedPrefix, StringComparison.Ordinal) || label == AllocatedTotal
        || label.StartsWith("Committed_", StringComparison.Ordinal) || label.StartsWith("Reserved_", StringComparison.Ordinal)
        || label.StartsWith("Resident_", StringComparison.Ordinal);
}

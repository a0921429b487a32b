namespace MemAnalyzer.MemoryMap;

/// <summary>Where a piece of a process's address space belongs, after VMMap's memory types.</summary>
public enum MemoryCategory
{
    /// <summary>ELF executables and libraries, managed assemblies (VMMap: Image).</summary>
    Image,

    /// <summary>Other files mapped into memory.</summary>
    MappedFile,

    /// <summary>Shared memory not backed by a file on disk: memfd, /dev/shm, shared anonymous mappings.</summary>
    Shareable,

    /// <summary>The native (malloc) heap: [heap] and glibc arenas.</summary>
    Heap,

    /// <summary>The GC's segments or regions and its bookkeeping.</summary>
    ManagedHeap,

    /// <summary>The runtime's loader, stub and code heaps and handle table.</summary>
    ManagedHeapRuntime,

    /// <summary>Thread stacks and their guard pages.</summary>
    Stack,

    /// <summary>Stacks of ended threads that glibc keeps mapped for reuse, with their guard pages: not a leak.</summary>
    StackCache,

    /// <summary>Other private memory: large malloc blocks, other allocators, untagged runtime memory.</summary>
    Private,

    /// <summary>Reserved (PROT_NONE) address space that no rule above claims.</summary>
    Reserved,

    /// <summary>Kernel pages such as [vvar] and [vsyscall], and device mappings.</summary>
    System,
}

/// <summary>Byte totals of one category. Resident figures are null where the source cannot tell them (a dump).</summary>
public sealed record CategoryTotals(long Reserved, long Committed, long? Resident, long? Swap)
{
    public static CategoryTotals Empty(bool knowsResidency) => new(0, 0, knowsResidency ? 0 : null, knowsResidency ? 0 : null);

    public CategoryTotals Add(long reserved, long committed, long? resident, long? swap) =>
        new(Reserved + reserved, Committed + committed, Resident + resident, Swap + swap);
}

namespace MemAnalyzer.Targets;

/// <summary>
/// What a view needs from a target beyond the objects' types, sizes and references (which every target answers, a
/// .gcdump too): a core dump or a live process answers all of these, a .gcdump none.
/// </summary>
[Flags]
public enum TargetNeeds
{
    None = 0,

    /// <summary>The characters of strings (-dstrings).</summary>
    StringValues = 1,

    /// <summary>The values of fields (-objects, -inspections).</summary>
    FieldValues = 2,

    /// <summary>The runtime's GC handle table (-handles).</summary>
    HandleTable = 4,

    /// <summary>The runtime's finalization queue (-finalizable).</summary>
    FinalizationQueue = 8,

    /// <summary>The heap's segments, generations and free blocks (-fragmentation).</summary>
    HeapLayout = 16,

    /// <summary>The unreachable objects (-dead): a .gcdump records only what a full GC left alive.</summary>
    DeadObjects = 32,

    /// <summary>The objects' generations (-gen).</summary>
    Generations = 64,

    /// <summary>The process's memory map (-vmmap).</summary>
    MemoryMap = 128,

    /// <summary>The runtime's loaded modules (-modules).</summary>
    Modules = 256,
}

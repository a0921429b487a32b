namespace MemAnalyzer.Capture;

/// <summary>What a written dump holds: the GC heap and what a debugger needs (createdump --withheap), or all memory.</summary>
public enum DumpKind
{
    Heap,
    Full,
}

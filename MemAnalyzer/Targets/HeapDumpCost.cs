namespace MemAnalyzer.Targets;

/// <summary>
/// A live process read through a heap dump its runtime wrote (-attach dump, or auto after ptrace was denied): the
/// dump's size and how long it took to write. <paramref name="PtraceFailure"/> says why ptrace was not used (null: -attach dump).
/// </summary>
public sealed record HeapDumpCost(long Bytes, TimeSpan Took, string? PtraceFailure);

namespace MemAnalyzer.Analysis;

/// <summary>
/// The GC handles of one kind whose targets are of one type (-handles): how many, the bytes of their targets (each
/// handle counts its target once, as SOS gchandles -stat sums them), how many targets no strong root reaches (a weak
/// or dependent handle's target that the next GC collects), and with -retained the bytes the targets keep alive.
/// </summary>
/// <param name="Kind">The handle kind as ClrMD names it: Strong, Pinned, WeakShort, WeakLong, Dependent, RefCounted, AsyncPinned, SizedRef, WeakWinRT.</param>
/// <param name="Retained">The bytes the dominator tree of the live heap says the distinct targets retain together; null without -retained.</param>
public sealed record HandleGroup(string Kind, string TypeName, long Count, long Bytes, long Unreachable, long? Retained);

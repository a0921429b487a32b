namespace MemAnalyzer.Heap;

/// <summary>
/// What a heap scan (<see cref="ObjectScan"/>) does with each object of its selection: the histogram's tally, a pass of
/// -dstrings. Implemented by structs, so that the walk is compiled once per visitor and the call is inlined: no
/// interface call and no allocation per object.
/// </summary>
/// <typeparam name="TSelf">The visitor itself, so that <see cref="ForThread"/> returns one.</typeparam>
internal interface IScanVisitor<TSelf>
    where TSelf : struct, IScanVisitor<TSelf>
{
    /// <summary>One object of the selection (free blocks excluded).</summary>
    /// <param name="index">Its MethodTable's index in the source's <see cref="MethodTableInfoTable"/>.</param>
    /// <param name="flags">The MethodTable's <see cref="MethodTableInfoTable"/> flags (IsString, HasReferences).</param>
    /// <param name="size">Its size (<see cref="MethodTableInfoTable.Entry.SizeOf"/>).</param>
    /// <param name="available">The object's bytes from its start as far as the walk's buffer holds them; may end before the object does (empty on the ClrMD walk).</param>
    void Visit(ulong address, int index, byte flags, long size, ReadOnlySpan<byte> available);

    /// <summary>
    /// Whether the scan hands this visitor the free blocks too (<see cref="VisitFree"/>): a constant per visitor, so the
    /// JIT removes the call from the walks of visitors that do not want them.
    /// </summary>
    static virtual bool SeesFreeBlocks => false;

    /// <summary>A free block of the selection's window, in address order with the objects (only when <see cref="SeesFreeBlocks"/>).</summary>
    void VisitFree(ulong address, long size)
    {
    }

    /// <summary>
    /// Every object of a segment was visited: called on the walk thread, outside the scan's lock (several threads at
    /// once), just before <see cref="SegmentDone"/>. For the work of a visitor that each thread's copy can do on its own.
    /// </summary>
    /// <param name="frozen">A frozen segment (its objects are never freed).</param>
    void SegmentWalked(bool frozen)
    {
    }

    /// <summary>Every object of a segment was visited. Called under the scan's lock: one thread at a time.</summary>
    /// <param name="frozen">A frozen segment (its objects are never freed).</param>
    void SegmentDone(bool frozen);

    /// <summary>The raw walk gave a segment up half-way: the objects it visited there are visited again, through ClrMD.</summary>
    void SegmentAbandoned();

    /// <summary>The visitor one more walk thread uses (a scan on several threads calls it once per thread).</summary>
    TSelf ForThread();
}

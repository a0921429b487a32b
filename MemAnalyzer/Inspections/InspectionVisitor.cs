using System.Buffers.Binary;
using MemAnalyzer.Heap;
using MemAnalyzer.Strings;

namespace MemAnalyzer.Inspections;

/// <summary>
/// The inspections' one walk: keeps the addresses of candidate instances (<see cref="CandidateKinds"/>, decided once
/// per MethodTable, and the instances of the types the finished-objects table names), tallies zero-length arrays from their size alone, reads primitive arrays' content (<see cref="ArrayContents"/>), and counts the strings for the duplicate-string
/// inspection (-dstrings' two passes in one, <see cref="StringOnePass"/>) on the way. Its state is shared, so the walk runs on one thread.
/// </summary>
internal readonly struct InspectionVisitor(HeapSource source, InspectionCandidates candidates, StringOnePass strings, ArrayContents arrays) : IScanVisitor<InspectionVisitor>
{
    public void Visit(ulong address, int index, byte flags, long size, ReadOnlySpan<byte> available)
    {
        strings.Visit(address, index, flags, size, available);
        candidates.AddLive(size);
        var kinds = candidates.KindsAt(index);
        if (kinds == 0)
        {
            kinds = Decide(index);
        }
        if (candidates.FinishedAt(index) is not null)
        {
            candidates.Finishable.Add(address);
        }
        if (kinds == CandidateKinds.Decided)
        {
            return;
        }
        if ((kinds & CandidateKinds.Array) != 0)
        {
            // An array's size is its base size plus its length times its component size: the base size alone is length 0.
            if (size == source.Table.Entries[index].BaseSize)
            {
                candidates.AddEmptyArray(index, address, size);
            }
            else if ((kinds & CandidateKinds.PrimitiveArray) != 0)
            {
                arrays.Visit(address, index, size, available);
            }
            else if ((kinds & CandidateKinds.ObjectArray) != 0)
            {
                candidates.ObjectArrays.Add(address);
            }
            else if ((kinds & CandidateKinds.CollectionArray) != 0)
            {
                candidates.CollectionArrays.Add(address);
            }
            return;
        }
        if ((kinds & CandidateKinds.Delegate) != 0 && MayHaveHandlers(address, index, available))
        {
            candidates.Delegates.Add(address);
        }
        Add(kinds, CandidateKinds.Collection, candidates.Collections, address);
        Add(kinds, CandidateKinds.Timer, candidates.Timers, address);
        Add(kinds, CandidateKinds.AsyncBox, candidates.AsyncBoxes, address);
        Add(kinds, CandidateKinds.SafeHandle, candidates.SafeHandles, address);
        Add(kinds, CandidateKinds.Queue, candidates.Queues, address);
        Add(kinds, CandidateKinds.Subject, candidates.Subjects, address);
        if ((kinds & CandidateKinds.Boxed) != 0)
        {
            candidates.Boxed.Add((address, index));
        }
    }

    public void SegmentDone(bool frozen)
    {
        candidates.SegmentDone();
        arrays.SegmentDone();
    }

    public void SegmentAbandoned()
    {
        candidates.SegmentAbandoned();
        arrays.SegmentAbandoned();
    }

    /// <summary>The state is shared: one thread.</summary>
    public InspectionVisitor ForThread() => this;

    private static void Add(ushort kinds, ushort kind, List<ulong> list, ulong address)
    {
        if ((kinds & kind) != 0)
        {
            list.Add(address);
        }
    }

    /// <summary>
    /// Whether a delegate is kept: its <c>_invocationCount</c> (the handlers of a multicast delegate, 0 for a single-cast
    /// one) reaches the threshold, read from the walk's bytes or, where the object is not all in them, from the target.
    /// <see cref="EventFindings.Big"/> reads the kept ones again; this spares it the millions of single-cast ones.
    /// </summary>
    private bool MayHaveHandlers(ulong address, int index, ReadOnlySpan<byte> available)
    {
        var offset = candidates.CountOffsetAt(index);
        if (offset < 0)
        {
            return true;
        }
        Span<byte> count = stackalloc byte[sizeof(long)];
        if (available.Length >= offset + sizeof(long))
        {
            available.Slice(offset, sizeof(long)).CopyTo(count);
        }
        else if (source.Memory.Read(address + (ulong)offset, count) != sizeof(long))
        {
            return true;
        }
        return BinaryPrimitives.ReadInt64LittleEndian(count) >= candidates.MinHandlers;
    }

    private ushort Decide(int index)
    {
        ushort kinds;
        Verdicts.FinishedState? finished;
        var countOffset = -1;
        lock (source.Table.ClrMdLock)
        {
            var type = source.Table.Entries[index].Type;
            kinds = CandidateKinds.Of(type);
            finished = Verdicts.FinishedRules.For(type);
            if ((kinds & CandidateKinds.Delegate) != 0 && type?.GetFieldByName("_invocationCount") is { } count)
            {
                // ClrMD's field offsets leave out the MethodTable pointer that starts the object's bytes.
                countOffset = count.Offset + sizeof(ulong);
            }
        }
        candidates.Decide(index, kinds, finished, countOffset);
        return kinds;
    }
}

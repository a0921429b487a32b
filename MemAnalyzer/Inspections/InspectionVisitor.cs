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
            return;
        }
        Add(kinds, CandidateKinds.Delegate, candidates.Delegates, address);
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

    private ushort Decide(int index)
    {
        ushort kinds;
        Verdicts.FinishedState? finished;
        lock (source.Table.ClrMdLock)
        {
            kinds = CandidateKinds.Of(source.Table.Entries[index].Type);
            finished = Verdicts.FinishedRules.For(source.Table.Entries[index].Type);
        }
        candidates.Decide(index, kinds, finished);
        return kinds;
    }
}

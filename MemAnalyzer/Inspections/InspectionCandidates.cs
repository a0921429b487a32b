namespace MemAnalyzer.Inspections;

/// <summary>
/// What the inspections' walk keeps: the addresses of the instances of each candidate kind (in address order per
/// segment), and per array MethodTable index the zero-length arrays' count, bytes and first address. Growing lists,
/// no allocation per object.
/// </summary>
internal sealed class InspectionCandidates(int minHandlers)
{
    private ushort[] _kinds = new ushort[1024];
    private int[] _countOffsets = new int[1024];
    private Verdicts.FinishedState?[] _finished = new Verdicts.FinishedState?[1024];
    private long[] _emptyCounts = new long[1024];
    private long[] _emptyBytes = new long[1024];
    private ulong[] _emptyExamples = new ulong[1024];

    private readonly List<(int Index, ulong Address, long Size)> _pendingEmpty = [];
    private Mark _segmentStart;
    private long _segmentBytes;

    /// <summary>The live objects' bytes.</summary>
    public long LiveBytes { get; private set; }

    public void AddLive(long size) => _segmentBytes += size;

    /// <summary>Delegates whose <c>_invocationCount</c> reached the threshold, or could not be read.</summary>
    public List<ulong> Delegates { get; } = [];
    public List<ulong> Collections { get; } = [];
    public List<ulong> Timers { get; } = [];
    public List<ulong> AsyncBoxes { get; } = [];
    public List<ulong> SafeHandles { get; } = [];
    public List<ulong> Queues { get; } = [];
    public List<ulong> Subjects { get; } = [];
    public List<ulong> ObjectArrays { get; } = [];

    /// <summary>Arrays of lists, dictionaries or sets (<see cref="CandidateKinds.CollectionArray"/>).</summary>
    public List<ulong> CollectionArrays { get; } = [];

    /// <summary>Boxed value types with their MethodTable index.</summary>
    public List<(ulong Address, int Index)> Boxed { get; } = [];

    /// <summary>Instances of the types with a line of the finished-objects table (or the dispose convention).</summary>
    public List<ulong> Finishable { get; } = [];

    /// <summary>The kinds decided for a MethodTable index, 0 when not decided yet.</summary>
    public ushort KindsAt(int index) => index < _kinds.Length ? _kinds[index] : (ushort)0;

    /// <summary>The finished-objects line decided with the kinds of a MethodTable index, null for none.</summary>
    public Verdicts.FinishedState? FinishedAt(int index) => index < _finished.Length ? _finished[index] : null;

    /// <summary>A delegate is kept from this many handlers (<see cref="InspectionOptions.MinHandlers"/>).</summary>
    public int MinHandlers => minHandlers;

    /// <summary>A delegate type's <c>_invocationCount</c> offset in the object's bytes, -1 when it has none.</summary>
    public int CountOffsetAt(int index) => _countOffsets[index];

    /// <param name="countOffset">A delegate type's <c>_invocationCount</c> offset in the object's bytes, -1 when it has none.</param>
    public void Decide(int index, ushort kinds, Verdicts.FinishedState? finished, int countOffset)
    {
        if (index >= _kinds.Length)
        {
            var length = Math.Max(index + 1, _kinds.Length * 2);
            Array.Resize(ref _kinds, length);
            Array.Resize(ref _finished, length);
            Array.Resize(ref _countOffsets, length);
            Array.Resize(ref _emptyCounts, length);
            Array.Resize(ref _emptyBytes, length);
            Array.Resize(ref _emptyExamples, length);
        }
        _kinds[index] = kinds;
        _finished[index] = finished;
        _countOffsets[index] = countOffset;
    }

    /// <summary>A zero-length array of the segment being walked: tallied when the segment is done.</summary>
    public void AddEmptyArray(int index, ulong address, long size) => _pendingEmpty.Add((index, address, size));

    /// <summary>The segment's objects count: its zero-length arrays are tallied, and a later abandoned segment rewinds to here.</summary>
    public void SegmentDone()
    {
        foreach (var (index, address, size) in _pendingEmpty)
        {
            if (_emptyCounts[index]++ == 0)
            {
                _emptyExamples[index] = address;
            }
            _emptyBytes[index] += size;
        }
        _pendingEmpty.Clear();
        LiveBytes += _segmentBytes;
        _segmentBytes = 0;
        _segmentStart = Position();
    }

    /// <summary>The raw walk gave the segment up (it is walked again through ClrMD): what it added is dropped.</summary>
    public void SegmentAbandoned()
    {
        _pendingEmpty.Clear();
        _segmentBytes = 0;
        Rewind(_segmentStart);
    }

    /// <summary>The MethodTable indexes with zero-length arrays, with their count, bytes and first address.</summary>
    public IEnumerable<(int Index, long Count, long Bytes, ulong Example)> EmptyArrays() =>
        Enumerable.Range(0, _emptyCounts.Length).Where(i => _emptyCounts[i] > 0).Select(i => (i, _emptyCounts[i], _emptyBytes[i], _emptyExamples[i]));

    private Mark Position() => new(Delegates.Count, Collections.Count, Timers.Count, AsyncBoxes.Count, SafeHandles.Count, Finishable.Count, Queues.Count, Subjects.Count, ObjectArrays.Count, CollectionArrays.Count, Boxed.Count);

    private void Rewind(Mark mark)
    {
        Cut(Delegates, mark.Delegates);
        Cut(Collections, mark.Collections);
        Cut(Timers, mark.Timers);
        Cut(AsyncBoxes, mark.AsyncBoxes);
        Cut(SafeHandles, mark.SafeHandles);
        Cut(Finishable, mark.Finishable);
        Cut(Queues, mark.Queues);
        Cut(Subjects, mark.Subjects);
        Cut(ObjectArrays, mark.ObjectArrays);
        Cut(CollectionArrays, mark.CollectionArrays);
        Boxed.RemoveRange(mark.Boxed, Boxed.Count - mark.Boxed);
    }

    private static void Cut(List<ulong> list, int count) => list.RemoveRange(count, list.Count - count);

    private readonly record struct Mark(int Delegates, int Collections, int Timers, int AsyncBoxes, int SafeHandles, int Finishable, int Queues, int Subjects, int ObjectArrays, int CollectionArrays, int Boxed);
}

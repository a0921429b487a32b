using System.Diagnostics;
using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Strings;

/// <summary>
/// The progress of -dstrings' passes over the heap: each pass reports its segment bytes walked so far, numbered out of
/// the most passes the report can make (the owner passes are left out when no value repeats), then one "done".
/// </summary>
public sealed class StringScanProgress
{
    private readonly IProgress<HeapWalkProgress> _target;
    private readonly Stopwatch _clock = Stopwatch.StartNew();
    private readonly long _heapBytes;
    private readonly int _passes;
    private int _pass;
    private long _bytesDone;

    public StringScanProgress(IProgress<HeapWalkProgress> target, ClrHeap heap, int passes)
    {
        _target = target;
        _passes = passes;
        foreach (var segment in heap.Segments)
        {
            _heapBytes += (long)segment.ObjectRange.Length;
        }
    }

    /// <summary>The mark of -live/-dead, before the passes: reports its start now, then what the returned action is given (objects marked).</summary>
    public Action<long> BeginMark()
    {
        _target.Report(new HeapWalkProgress(WalkPhase.Marking, 0, _heapBytes, 0, _clock.Elapsed));
        return marked => _target.Report(new HeapWalkProgress(WalkPhase.Marking, 0, _heapBytes, marked, _clock.Elapsed));
    }

    public void BeginPass()
    {
        _pass++;
        _bytesDone = 0;
        Report();
    }

    /// <summary>The current pass has walked or skipped <paramref name="bytesDone"/> segment bytes.</summary>
    public void Walked(long bytesDone)
    {
        _bytesDone = bytesDone;
        Report();
    }

    public void Done() => _target.Report(new HeapWalkProgress(WalkPhase.Done, _heapBytes, _heapBytes, 0, _clock.Elapsed, _pass, _passes));

    private void Report() => _target.Report(new HeapWalkProgress(WalkPhase.Strings, _bytesDone, _heapBytes, 0, _clock.Elapsed, _pass, _passes));
}

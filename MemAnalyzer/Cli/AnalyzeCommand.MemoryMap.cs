using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Analysis;
using MemAnalyzer.Dac;
using MemAnalyzer.Heap;
using MemAnalyzer.MemoryMap;
using MemAnalyzer.Targets;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Cli;

/// <summary>A heap snapshot and, with -vmmap, the memory map taken while the heap was open.</summary>
public sealed record TargetSnapshot(HeapSnapshot Heap, MemoryMapCapture? MemoryMap)
{
    /// <summary>The memory-map rows after the heap summary; none without -vmmap. Built once: renderers, CSV and -resultfile all read them.</summary>
    public IReadOnlyList<SummaryRow> MemoryRows { get; } = MemoryMap is null ? [] : MemoryMapRows.Build(MemoryMap, Heap.AllocatedBytes);

    public IReadOnlyList<string> Warnings => MemoryMap is null ? Heap.Warnings : [.. Heap.Warnings, .. MemoryMap.Warnings];

    /// <summary>What -resultfile reports: Allocated(Total) with -vmmap, as the original's exit code did, else the managed heap.</summary>
    public long ResultBytes => MemoryRows.FirstOrDefault(r => r.Label == MemoryMapRows.AllocatedTotal)?.Bytes ?? Heap.AllocatedBytes;
}

/// <summary>-vmmap: where the rest of the memory is.</summary>
public sealed partial class AnalyzeCommand
{
    [Option("-vmmap|--memmap", "Add the process's memory map by category after the heap summary (smaps, the dump's side-car, or the dump itself).", CommandOptionType.NoValue)]
    public bool MemoryMap { get; set; }

    private TargetSnapshot ReadTarget(TargetSpec target, ClrHeap heap, ObjectSelection selection, CancellationToken cancellation, IProgress<HeapWalkProgress>? progress = null)
    {
        var snapshot = HeapStatisticsCollector.Collect(heap, selection, cancellation, progress);
        return new TargetSnapshot(snapshot, MemoryMap ? MemoryMapSource.Capture(target, heap.Runtime) : null);
    }
}

using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Analysis;
using MemAnalyzer.Dac;
using MemAnalyzer.Heap;
using MemAnalyzer.MemoryMap;
using MemAnalyzer.Targets;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Cli;

/// <summary>-vmmap: where the rest of the memory is.</summary>
public sealed partial class AnalyzeCommand
{
    [Option("-vmmap|--memmap", "Add the process's memory map by category after the heap summary (smaps, the dump's side-car, or the dump itself).", CommandOptionType.NoValue)]
    public bool MemoryMap { get; set; }

    private TargetSnapshot ReadTarget(TargetSpec target, ClrHeap heap, ObjectSelection selection, CancellationToken cancellation, IProgress<HeapWalkProgress>? progress = null)
    {
        var snapshot = HeapStatisticsCollector.Collect(heap, selection, cancellation, progress);
        if (!MemoryMap)
        {
            return new TargetSnapshot(snapshot, [], []);
        }
        var map = MemoryMapSource.Capture(target, heap.Runtime);
        return new TargetSnapshot(snapshot, MemoryMapRows.Build(map, snapshot.AllocatedBytes), map.Warnings);
    }
}

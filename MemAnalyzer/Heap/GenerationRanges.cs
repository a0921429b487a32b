using MemAnalyzer.Analysis;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// Every segment's part in each generation (<see cref="GenerationWindow"/>, the rule of -gen and SOS), sorted by
/// address, to tell the generation of an address; frozen segments are left out (they hold no free space).
/// </summary>
internal sealed class GenerationRanges
{
    private readonly ulong[] _starts;
    private readonly ulong[] _ends;
    private readonly int[] _generations;

    public GenerationRanges(IEnumerable<ClrSegment> segments)
    {
        var ranges = segments
            .SelectMany(s => HeapGenerations.All.Where(g => g != HeapGeneration.Frozen).Select(g => (Window: GenerationWindow.Of(s, g), Generation: (int)g)))
            .Where(r => r.Window.End > r.Window.Start)
            .OrderBy(r => r.Window.Start).ToArray();
        _starts = [.. ranges.Select(r => r.Window.Start)];
        _ends = [.. ranges.Select(r => r.Window.End)];
        _generations = [.. ranges.Select(r => r.Generation)];
        RangeBytes = new long[FragmentationTotals.Generations];
        foreach (var r in ranges)
        {
            RangeBytes[r.Generation] += (long)(r.Window.End - r.Window.Start);
        }
    }

    /// <summary>The bytes of each generation's ranges, by generation number.</summary>
    public long[] RangeBytes { get; }

    /// <summary>The range holding <paramref name="address"/> and its generation; an empty range and -1 when none does.</summary>
    public (ulong Start, ulong End, int Generation) Find(ulong address)
    {
        var at = SortedAddressSearch.LowerBound(_starts, address + 1) - 1;
        return at >= 0 && address < _ends[at] ? (_starts[at], _ends[at], _generations[at]) : (address, address + 1, -1);
    }
}

using MemAnalyzer.Analysis;

namespace MemAnalyzer.MemoryMap;

/// <summary>The memory map of one target, by category, and where it came from.</summary>
/// <param name="Source">"smaps of process 123", "side-car core.1.smaps", "core dump (approximate)", "VMMap CSV x".</param>
public sealed record MemoryMapCapture(
    IReadOnlyDictionary<MemoryCategory, CategoryTotals>? Categories,
    IReadOnlyDictionary<string, VmmapTypeRow>? Vmmap,
    string Source,
    IReadOnlyList<string> Warnings);

/// <summary>
/// The rows printed after the heap summary, with the original's labels. Rows ending in '!' do not overlap:
/// Managed Heap(Allocated)! + Committed_Heap! + Committed_MappedFile! + Committed_Private! + Committed_Shareable! = Allocated(Total).
/// </summary>
public static class MemoryMapRows
{
    public const string AllocatedTotal = "Allocated(Total)";

    public static IReadOnlyList<SummaryRow> Build(MemoryMapCapture capture, long managedAllocated) =>
        capture.Categories is not null ? FromCategories(capture.Categories, managedAllocated) : FromVmmap(capture.Vmmap!, managedAllocated);

    private static List<SummaryRow> FromCategories(IReadOnlyDictionary<MemoryCategory, CategoryTotals> c, long managedAllocated)
    {
        long Committed(MemoryCategory category) => c[category].Committed;
        var committedTotal = c.Where(p => p.Key is not (MemoryCategory.System or MemoryCategory.Reserved)).Sum(p => p.Value.Committed);
        var rows = new List<SummaryRow>
        {
            Row("Reserved_Stack", c[MemoryCategory.Stack].Reserved),
            Row("Committed_Dll", Committed(MemoryCategory.Image)),
            Row("Committed_Heap!", Committed(MemoryCategory.Heap)),
            Row("Committed_MappedFile!", Committed(MemoryCategory.MappedFile)),
            Row("Committed_Private!", Committed(MemoryCategory.Private)),
            Row("Committed_Shareable!", Committed(MemoryCategory.Shareable)),
            Row("Committed_Stack", Committed(MemoryCategory.Stack)),
            Row("Committed_ManagedHeap", Committed(MemoryCategory.ManagedHeap)),
            Row("Committed_ManagedHeap(Runtime)", Committed(MemoryCategory.ManagedHeapRuntime)),
            Row("Committed_Total", committedTotal),
            Row(AllocatedTotal, managedAllocated + Committed(MemoryCategory.Heap) + Committed(MemoryCategory.MappedFile) + Committed(MemoryCategory.Private) + Committed(MemoryCategory.Shareable)),
        };
        if (c.Values.All(t => t.Resident is not null))
        {
            long Resident(MemoryCategory category) => c[category].Resident!.Value;
            var residentTotal = c.Where(p => p.Key != MemoryCategory.System).Sum(p => p.Value.Resident!.Value);
            rows.AddRange([
                Row("Resident_Dll", Resident(MemoryCategory.Image)),
                Row("Resident_Heap", Resident(MemoryCategory.Heap)),
                Row("Resident_MappedFile", Resident(MemoryCategory.MappedFile)),
                Row("Resident_Private", Resident(MemoryCategory.Private)),
                Row("Resident_Shareable", Resident(MemoryCategory.Shareable)),
                Row("Resident_Stack", Resident(MemoryCategory.Stack)),
                Row("Resident_ManagedHeap", Resident(MemoryCategory.ManagedHeap) + Resident(MemoryCategory.ManagedHeapRuntime)),
                Row("Resident_Total", residentTotal),
                Row("Resident_OutsideManagedHeap", residentTotal - Resident(MemoryCategory.ManagedHeap) - Resident(MemoryCategory.ManagedHeapRuntime)),
                Row("Swap_Total", c.Values.Sum(t => t.Swap!.Value)),
            ]);
        }
        return rows;
    }

    private static List<SummaryRow> FromVmmap(IReadOnlyDictionary<string, VmmapTypeRow> vmmap, long managedAllocated)
    {
        long Committed(string type) => vmmap.TryGetValue(type, out var row) ? row.Committed : 0;
        var committedTotal = new[] { "Image", "Mapped File", "Shareable", "Heap", "Managed Heap", "Stack", "Private Data", "Page Table" }.Sum(Committed);
        return
        [
            Row("Reserved_Stack", vmmap.TryGetValue("Stack", out var stack) ? stack.Size : 0),
            Row("Committed_Dll", Committed("Image")),
            Row("Committed_Heap!", Committed("Heap")),
            Row("Committed_MappedFile!", Committed("Mapped File")),
            Row("Committed_Private!", Committed("Private Data")),
            Row("Committed_Shareable!", Committed("Shareable")),
            Row("Committed_Total", committedTotal),
            Row(AllocatedTotal, managedAllocated + Committed("Heap") + Committed("Mapped File") + Committed("Private Data") + Committed("Shareable")),
        ];
    }

    private static SummaryRow Row(string label, long bytes) => new(label, bytes, null);
}

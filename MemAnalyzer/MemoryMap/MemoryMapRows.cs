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
    public static IReadOnlyList<SummaryRow> Build(MemoryMapCapture capture, long managedAllocated) =>
        capture.Categories is not null ? FromCategories(capture.Categories, managedAllocated) : FromVmmap(capture.Vmmap!, managedAllocated);

    private static List<SummaryRow> FromCategories(IReadOnlyDictionary<MemoryCategory, CategoryTotals> c, long managedAllocated)
    {
        long Committed(MemoryCategory category) => c[category].Committed;
        var committedTotal = c.Where(p => p.Key is not (MemoryCategory.System or MemoryCategory.Reserved)).Sum(p => p.Value.Committed);
        var rows = new List<SummaryRow>
        {
            Row(RowLabels.ReservedStack, c[MemoryCategory.Stack].Reserved),
            Row(RowLabels.CommittedDll, Committed(MemoryCategory.Image)),
            Row(RowLabels.CommittedHeap, Committed(MemoryCategory.Heap)),
            Row(RowLabels.CommittedMappedFile, Committed(MemoryCategory.MappedFile)),
            Row(RowLabels.CommittedPrivate, Committed(MemoryCategory.Private)),
            Row(RowLabels.CommittedShareable, Committed(MemoryCategory.Shareable)),
            Row(RowLabels.CommittedStack, Committed(MemoryCategory.Stack)),
            Row(RowLabels.CommittedStackCache, Committed(MemoryCategory.StackCache)),
            Row(RowLabels.CommittedManagedHeap, Committed(MemoryCategory.ManagedHeap)),
            Row(RowLabels.CommittedManagedHeapRuntime, Committed(MemoryCategory.ManagedHeapRuntime)),
            Row(RowLabels.CommittedTotal, committedTotal),
            Row(RowLabels.AllocatedTotal, managedAllocated + Committed(MemoryCategory.Heap) + Committed(MemoryCategory.MappedFile) + Committed(MemoryCategory.Private) + Committed(MemoryCategory.Shareable)),
        };
        if (c.Values.All(t => t.Resident is not null))
        {
            long Resident(MemoryCategory category) => c[category].Resident!.Value;
            var residentTotal = c.Where(p => p.Key != MemoryCategory.System).Sum(p => p.Value.Resident!.Value);
            rows.AddRange([
                Row(RowLabels.ResidentDll, Resident(MemoryCategory.Image)),
                Row(RowLabels.ResidentHeap, Resident(MemoryCategory.Heap)),
                Row(RowLabels.ResidentMappedFile, Resident(MemoryCategory.MappedFile)),
                Row(RowLabels.ResidentPrivate, Resident(MemoryCategory.Private)),
                Row(RowLabels.ResidentShareable, Resident(MemoryCategory.Shareable)),
                Row(RowLabels.ResidentStack, Resident(MemoryCategory.Stack)),
                Row(RowLabels.ResidentStackCache, Resident(MemoryCategory.StackCache)),
                Row(RowLabels.ResidentManagedHeap, Resident(MemoryCategory.ManagedHeap) + Resident(MemoryCategory.ManagedHeapRuntime)),
                Row(RowLabels.ResidentTotal, residentTotal),
                Row(RowLabels.ResidentOutsideManagedHeap, residentTotal - Resident(MemoryCategory.ManagedHeap) - Resident(MemoryCategory.ManagedHeapRuntime)),
                Row(RowLabels.SwapTotal, c.Values.Sum(t => t.Swap!.Value)),
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
            Row(RowLabels.ReservedStack, vmmap.TryGetValue("Stack", out var stack) ? stack.Size : 0),
            Row(RowLabels.CommittedDll, Committed("Image")),
            Row(RowLabels.CommittedHeap, Committed("Heap")),
            Row(RowLabels.CommittedMappedFile, Committed("Mapped File")),
            Row(RowLabels.CommittedPrivate, Committed("Private Data")),
            Row(RowLabels.CommittedShareable, Committed("Shareable")),
            Row(RowLabels.CommittedTotal, committedTotal),
            Row(RowLabels.AllocatedTotal, managedAllocated + Committed("Heap") + Committed("Mapped File") + Committed("Private Data") + Committed("Shareable")),
        ];
    }

    private static SummaryRow Row(string label, long bytes) => new(label, bytes, null);
}

namespace MemAnalyzer.MemoryMap;

/// <summary>
/// Sorts every byte of a process's mappings into a <see cref="MemoryCategory"/>, by the ordered rules of the
/// memory-map reference: the runtime's own ranges first, then stacks (live, or cached by glibc after their thread ended), the native heap, files, shared memory, system
/// pages, reservations, and the rest as private memory. A mapping that the runtime's ranges cover in part is split.
/// </summary>
public static class MemoryClassifier
{
    private const ulong GlibcHeapSize = 64UL << 20;
    private const long MaxGuardSize = 1L << 20;

    public static IReadOnlyDictionary<MemoryCategory, CategoryTotals> Classify(IReadOnlyList<MemoryRegion> regions, ClrMemoryRanges clr, bool knowsResidency)
    {
        var totals = Enum.GetValues<MemoryCategory>().ToDictionary(c => c, _ => CategoryTotals.Empty(knowsResidency));
        var gc = Merge(clr.GcHeap);
        var runtime = Subtract(Merge(clr.RuntimeHeaps), gc);
        var ordered = regions.OrderBy(r => r.Start).ToList();
        var arenas = GlibcArenaRanges(ordered);
        var cachedStacks = CachedStacks.Find(ordered, clr);
        var stackStarts = new HashSet<ulong>();
        var cachedStackStarts = new HashSet<ulong>();
        var sharedViews = new Dictionary<(string Path, ulong Offset), long>();

        foreach (var region in ordered)
        {
            var inGc = Overlap(region, gc);
            var inRuntime = Overlap(region, runtime);
            var rest = region.Size - inGc - inRuntime;
            Add(totals, MemoryCategory.ManagedHeap, region, inGc);
            Add(totals, MemoryCategory.ManagedHeapRuntime, region, inRuntime);
            if (rest <= 0)
            {
                continue;
            }
            var category = CategoryOf(region, clr, arenas);
            if (category is MemoryCategory.Private or MemoryCategory.Stack && inGc + inRuntime == 0 && cachedStacks.IsCachedStack(region))
            {
                category = MemoryCategory.StackCache;
                cachedStackStarts.Add(region.Start);
            }
            if (category == MemoryCategory.Stack)
            {
                stackStarts.Add(region.Start);
            }
            if (category == MemoryCategory.Shareable && region.IsAccessible && region.Path.Length > 0 && IsDuplicateView(region, sharedViews))
            {
                // A second view of the same shared pages (the runtime maps its code twice): its address space counts, its memory does not.
                totals[category] = totals[category].Add(rest, 0, 0, 0);
                continue;
            }
            Add(totals, category, region, rest);
        }

        // A guard page directly below a stack (live or cached) belongs to the stack.
        foreach (var guard in ordered.Where(r => !r.IsAccessible && r.Path.Length == 0 && r.Size <= MaxGuardSize))
        {
            var owner = stackStarts.Contains(guard.End) ? MemoryCategory.Stack : cachedStackStarts.Contains(guard.End) ? MemoryCategory.StackCache : MemoryCategory.Reserved;
            if (owner != MemoryCategory.Reserved && Overlap(guard, gc) + Overlap(guard, runtime) == 0 && CategoryOf(guard, clr, arenas) == MemoryCategory.Reserved)
            {
                totals[MemoryCategory.Reserved] = totals[MemoryCategory.Reserved].Add(-guard.Size, 0, 0, 0);
                totals[owner] = totals[owner].Add(guard.Size, 0, 0, 0);
            }
        }
        return totals;
    }

    private static MemoryCategory CategoryOf(MemoryRegion region, ClrMemoryRanges clr, List<(ulong Start, ulong End)> arenas)
    {
        var path = region.Path;
        if (path == "[stack]" || path.StartsWith("[anon: glibc: pthread", StringComparison.Ordinal)
            || clr.StackPointers.Any(sp => sp >= region.Start && sp < region.End)
            || clr.ManagedStacks.Any(s => s.Start < region.End && region.Start < s.End && region.IsAccessible && path.Length == 0))
        {
            return MemoryCategory.Stack;
        }
        if (path == "[heap]" || path.StartsWith("[anon: glibc: malloc", StringComparison.Ordinal) || path.StartsWith("[anon: glibc: loader malloc", StringComparison.Ordinal)
            || path.Length == 0 && arenas.Any(a => region.Start >= a.Start && region.End <= a.End))
        {
            return MemoryCategory.Heap;
        }
        if (path is "[vvar]" or "[vvar_vclock]" or "[vsyscall]" or "[uprobes]" || region.HasFlag("io") || region.HasFlag("pf"))
        {
            return MemoryCategory.System;
        }
        if (path == "[vdso]")
        {
            return MemoryCategory.Image;
        }
        if (IsSharedMemoryName(path) || region.IsShared && !IsDiskFile(path))
        {
            return MemoryCategory.Shareable;
        }
        if (IsDiskFile(path))
        {
            return IsImage(path) ? MemoryCategory.Image : MemoryCategory.MappedFile;
        }
        return region.IsAccessible ? MemoryCategory.Private : MemoryCategory.Reserved;
    }

    public static bool IsImage(string path)
    {
        var name = System.IO.Path.GetFileName(StripDeleted(path));
        return name.EndsWith(".dll", StringComparison.OrdinalIgnoreCase) || name.EndsWith(".exe", StringComparison.OrdinalIgnoreCase)
            || name.EndsWith(".so", StringComparison.Ordinal) || name.Contains(".so.", StringComparison.Ordinal)
            || name is "dotnet" or "createdump" || !name.Contains('.', StringComparison.Ordinal) && path.Contains("/bin/", StringComparison.Ordinal);
    }

    private static bool IsSharedMemoryName(string path) =>
        path.StartsWith("/memfd:", StringComparison.Ordinal) || path.StartsWith("/dev/zero", StringComparison.Ordinal)
        || path.StartsWith("/dev/shm/", StringComparison.Ordinal) || path.StartsWith("/SYSV", StringComparison.Ordinal)
        || path.StartsWith("[anon_shmem:", StringComparison.Ordinal);

    private static bool IsDiskFile(string path) => path.StartsWith('/') && !IsSharedMemoryName(path) && !path.StartsWith("/dev/", StringComparison.Ordinal);

    private static string StripDeleted(string path) => path.EndsWith(" (deleted)", StringComparison.Ordinal) ? path[..^10] : path;

    private static bool IsDuplicateView(MemoryRegion region, Dictionary<(string, ulong), long> seen)
    {
        var key = (region.Path, region.FileOffset);
        if (seen.TryGetValue(key, out var size) && size >= region.Size)
        {
            return true;
        }
        seen[key] = Math.Max(size, region.Size);
        return false;
    }

    /// <summary>
    /// glibc's secondary arenas: 64 MiB-aligned anonymous mappings made with MAP_NORESERVE ("nr"), growing from their start.
    /// The flag matters: a plain reservation can be 64 MiB-aligned by chance.
    /// </summary>
    private static List<(ulong Start, ulong End)> GlibcArenaRanges(List<MemoryRegion> ordered) =>
        ordered.Where(r => r.Path.Length == 0 && r.Start % GlibcHeapSize == 0 && r.HasFlag("nr") && !r.IsShared)
            .Select(r => (r.Start, r.Start + GlibcHeapSize))
            .ToList();

    private static void Add(Dictionary<MemoryCategory, CategoryTotals> totals, MemoryCategory category, MemoryRegion region, long bytes)
    {
        if (bytes <= 0)
        {
            return;
        }
        // Resident pages of a split mapping are shared out by size: smaps has no finer grain.
        var share = region.Size == 0 ? 0 : (double)bytes / region.Size;
        var resident = category == MemoryCategory.Shareable ? region.ProportionalResident ?? region.Resident : region.Resident;
        totals[category] = totals[category].Add(bytes, region.IsAccessible ? bytes : 0, (long?)(resident * share), (long?)(region.Swap * share));
    }

    private static long Overlap(MemoryRegion region, List<(ulong Start, ulong End)> ranges)
    {
        long bytes = 0;
        foreach (var (start, end) in ranges)
        {
            var from = Math.Max(start, region.Start);
            var to = Math.Min(end, region.End);
            if (to > from)
            {
                bytes += (long)(to - from);
            }
        }
        return bytes;
    }

    private static List<(ulong Start, ulong End)> Merge(IEnumerable<(ulong Start, ulong End)> ranges)
    {
        var merged = new List<(ulong Start, ulong End)>();
        foreach (var (start, end) in ranges.Where(r => r.End > r.Start).OrderBy(r => r.Start))
        {
            if (merged.Count > 0 && start <= merged[^1].End)
            {
                merged[^1] = (merged[^1].Start, Math.Max(merged[^1].End, end));
            }
            else
            {
                merged.Add((start, end));
            }
        }
        return merged;
    }

    private static List<(ulong Start, ulong End)> Subtract(List<(ulong Start, ulong End)> ranges, List<(ulong Start, ulong End)> holes)
    {
        var result = new List<(ulong Start, ulong End)>();
        foreach (var (start, end) in ranges)
        {
            var from = start;
            foreach (var hole in holes.Where(h => h.End > start && h.Start < end))
            {
                if (hole.Start > from)
                {
                    result.Add((from, hole.Start));
                }
                from = Math.Max(from, hole.End);
            }
            if (from < end)
            {
                result.Add((from, end));
            }
        }
        return result;
    }
}

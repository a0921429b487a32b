using MemAnalyzer.Analysis;

namespace MemAnalyzer.GcDump;

/// <summary>
/// A gcdump reduced to MemAnalyzer's type table: its object nodes (every node whose type has a size, as
/// <c>dotnet-gcdump report</c> counts them) by type name, with a large object's size-bucket type counted with its type.
/// dotnet-gcdump records only what a full GC left alive, so the selection is the live objects.
/// </summary>
public static class GcDumpHistogram
{
    public static HeapSnapshot Of(GcDumpFile file, IReadOnlyList<string> warnings, CancellationToken cancellation)
    {
        var (slot, names) = GcDumpGraph.TypeSlots(file);
        var counts = new long[names.Length];
        var bytes = new long[names.Length];
        for (var node = 0; node < file.NodeCount; node++)
        {
            if ((node & 0xFFFF) == 0)
            {
                cancellation.ThrowIfCancellationRequested();
            }
            var type = GcDumpNodes.Read(file, node, out var size, out _, out _);
            if (GcDumpNodes.IsObject(file, type))
            {
                counts[slot[type]]++;
                bytes[slot[type]] += size;
            }
        }
        var rows = Enumerable.Range(0, names.Length).Where(i => counts[i] > 0)
            .Select(i => new TypeStatistics(names[i], counts[i], bytes[i]))
            .ToList();
        return new HeapSnapshot(rows, 0, 0, file.TotalBytes, ObjectSelection.Live, warnings);
    }
}

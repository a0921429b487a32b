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
        var names = new string[file.Types.Length];
        var slot = new int[file.Types.Length];
        var byName = new Dictionary<string, int>(StringComparer.Ordinal);
        for (var t = 0; t < file.Types.Length; t++)
        {
            names[t] = GcDumpTypeName.Of(file.Types[t].Name);
            if (!byName.TryGetValue(names[t], out slot[t]))
            {
                slot[t] = byName.Count;
                byName.Add(names[t], slot[t]);
            }
        }
        var counts = new long[byName.Count];
        var bytes = new long[byName.Count];
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
        var rows = byName.Where(pair => counts[pair.Value] > 0)
            .Select(pair => new TypeStatistics(pair.Key, counts[pair.Value], bytes[pair.Value]))
            .ToList();
        return new HeapSnapshot(rows, 0, 0, file.TotalBytes, ObjectSelection.Live, warnings);
    }
}

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// The straightforward ClrMD walk for strings: every string object's value via ClrObject.AsString, grouped by value;
/// liveness from the type oracle's breadth-first search.
/// </summary>
public static class StringOracle
{
    public static Dictionary<string, (long Count, long Size)> Compute(string dumpPath, ObjectSet set)
    {
        using var dump = LocalDump.Open(dumpPath);
        var heap = dump.Runtime.Heap;
        var live = set == ObjectSet.All ? null : ClrMdOracle.LiveSet(heap);
        var result = new Dictionary<string, (long Count, long Size)>(StringComparer.Ordinal);
        foreach (var obj in heap.EnumerateObjects())
        {
            if (!obj.IsValid || obj.Type is not { IsString: true } || live is not null && live.Contains(obj.Address) != (set == ObjectSet.Live))
            {
                continue;
            }
            var value = obj.AsString(int.MaxValue) ?? "";
            var (count, _) = result.GetValueOrDefault(value);
            result[value] = (count + 1, (long)obj.Size);
        }
        return result;
    }

    public static string? ValueAt(string dumpPath, ulong address)
    {
        using var dump = LocalDump.Open(dumpPath);
        return dump.Runtime.Heap.GetObject(address).AsString(int.MaxValue);
    }
}

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// SOS's live objects, with the frozen ones MemAnalyzer's -live adds: SOS computes liveness itself (its LiveObjectService
/// marks from the roots it enumerates), and counts an object on a frozen segment live only when a root leads to it.
/// </summary>
public static partial class SosOracle
{
    /// <summary>All objects (dumpheap -stat), and the live ones by SOS's mark plus every frozen object, per type name.</summary>
    public sealed record AllAndLive(HeapStat All, IReadOnlyDictionary<string, (long Count, long Bytes)> LiveWithFrozen);

    /// <summary>
    /// One dotnet-dump run: `dumpheap -stat`, `-stat -live`, `-stat -gen frozen` and `-stat -live -gen frozen`; live
    /// with frozen is live plus frozen minus the frozen objects SOS already found live. Each must print a table (a dump
    /// of .NET 8+ always has frozen string literals, some of them reachable): one missing fails here, never misaligns.
    /// </summary>
    public static AllAndLive DumpHeapStatAllAndLive(string dumpPath)
    {
        string[] commands = ["dumpheap -stat", "dumpheap -stat -live", "dumpheap -stat -gen frozen", "dumpheap -stat -live -gen frozen"];
        var output = Analyze(dumpPath, commands, "Statistics:");
        var sections = output.Split("Statistics:")[1..];
        if (sections.Length != commands.Length)
        {
            throw new InvalidOperationException($"dotnet-dump printed {sections.Length} tables for {commands.Length} commands:\n{output}");
        }
        var (all, live, frozen, liveFrozen) = (Stat(sections[0]), Stat(sections[1]), Stat(sections[2]), Stat(sections[3]));
        var result = new Dictionary<string, (long Count, long Bytes)>(StringComparer.Ordinal);
        foreach (var (table, sign) in new[] { (live, 1), (frozen, 1), (liveFrozen, -1) })
        {
            foreach (var (type, (count, bytes)) in table.Types.Where(t => t.Key != Free))
            {
                var (c, b) = result.GetValueOrDefault(type);
                result[type] = (c + (sign * count), b + (sign * bytes));
            }
        }
        return new AllAndLive(all, result.Where(t => t.Value != (0, 0)).ToDictionary(StringComparer.Ordinal));
    }
}

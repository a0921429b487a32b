using MemAnalyzer.Tests.Infrastructure;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>The "finished" dumps read with ClrMD alone: instances of a type, and how many of them say they are finished, with their bytes.</summary>
public sealed class FinishedOracle : IDisposable
{
    private readonly LocalDump _dump;

    public FinishedOracle(string dumpPath) => _dump = LocalDump.Open(dumpPath);

    /// <summary>All instances of <paramref name="type"/> in the heap (live or not), and those for which <paramref name="finished"/> holds, with their bytes.</summary>
    public (int Instances, int Finished, long FinishedBytes) Of(string type, Func<ClrObject, bool> finished)
    {
        var all = _dump.Runtime.Heap.EnumerateObjects().Where(o => o.Type?.Name == type).ToList();
        var done = all.Where(finished).ToList();
        return (all.Count, done.Count, done.Sum(o => (long)o.Size));
    }

    public static bool Disposed(ClrObject item) => item.ReadField<bool>("_disposed");

    public static bool Closed(ClrObject handle) => (handle.ReadField<int>("_state") & 1) != 0;

    public void Dispose() => _dump.Dispose();
}

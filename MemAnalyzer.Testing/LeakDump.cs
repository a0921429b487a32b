using System.Runtime;
using System.Runtime.CompilerServices;

namespace MemAnalyzer.Testing;

/// <summary>
/// The survivors' addresses and a dump of the process in which they are at those addresses: both are taken inside a
/// no-GC region, so no collection moves an object in between. The addresses are read through the weak references by a
/// method that returns before the dump is written, so the dump holds no strong reference of this library's to them:
/// each path it finds is the test's.
/// </summary>
internal static class LeakDump
{
    /// <summary>What the process may allocate while the dump is written (the diagnostics client's messages) without a collection.</summary>
    private const long NoGcBudget = 16 << 20;

    /// <param name="Exact">False when a collection ran between reading the addresses and writing the dump (twice): an address may then name another object.</param>
    public sealed record Result(IReadOnlyList<Survivor> Survivors, string? Path, string? WhyNoDump, bool Exact);

    public static Result Write(IReadOnlyList<Tracked> tracked)
    {
        for (var attempt = 0; ; attempt++)
        {
            var path = DumpPlace.For();
            var entered = TryEnterNoGcRegion();
            IReadOnlyList<Survivor> survivors;
            string? why;
            bool stillInRegion;
            try
            {
                survivors = [.. tracked.Select(t => new Survivor(t.Label, AddressOf(t.Reference), TypeOf(t.Reference))).Where(s => s.Address != 0)];
                why = SelfDump.TryWrite(path);
            }
            finally
            {
                stillInRegion = GCSettings.LatencyMode == GCLatencyMode.NoGCRegion;
                if (stillInRegion)
                {
                    GC.EndNoGCRegion();
                }
            }
            var exact = entered && stillInRegion;
            if (exact || attempt == 1 || why is not null)
            {
                return new Result(survivors, why is null ? path : null, why, exact);
            }
            File.Delete(path);
        }
    }

    private static bool TryEnterNoGcRegion()
    {
        try
        {
            return GCSettings.LatencyMode != GCLatencyMode.NoGCRegion && GC.TryStartNoGCRegion(NoGcBudget);
        }
        catch (Exception e) when (e is InvalidOperationException or ArgumentOutOfRangeException)
        {
            return false;
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static ulong AddressOf(WeakReference reference)
    {
        var target = reference.Target;
        return target is null ? 0 : (ulong)Unsafe.As<object, nint>(ref target);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static string TypeOf(WeakReference reference) => reference.Target?.GetType().ToString() ?? "";
}

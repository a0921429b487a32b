using MemAnalyzer.Tests.Infrastructure;
using Microsoft.Diagnostics.Runtime;
using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.EndToEnd.Handles;

/// <summary>-handles on LeakyApp "handles": the planted handles exactly, SOS gchandles -stat for every kind and type, retained bytes, a live pid.</summary>
[Collection(HandlesTargetCollection.Name)]
public sealed class HandlesTests(HandlesTarget target)
{
    [Fact]
    public void EachPlantedKindAndTargetTypeHasItsExactCountBytesAndUnreachableTargets()
    {
        var rows = HandlesCsv.Run(target, "planted.csv", "-f", target.BeforePath);
        AssertPlanted(rows);
    }

    [Fact]
    public void EveryTypesHandlesAndEveryKindsTotalEqualSosGcHandlesStat()
    {
        var rows = HandlesCsv.Run(target, "sos.csv", "-f", target.AfterPath);
        var sos = SosOracle.GcHandlesStat(target.AfterPath);
        // SOS groups the table by target type over every kind, and totals each kind below it.
        var byType = rows.GroupBy(r => r.Key.Type).ToDictionary(g => g.Key, g => (g.Sum(r => r.Value.Handles), g.Sum(r => r.Value.Bytes)));
        Assert.Equal(sos.Types.OrderBy(t => t.Key, StringComparer.Ordinal), byType.OrderBy(t => t.Key, StringComparer.Ordinal));
        var byKind = rows.GroupBy(r => r.Key.Kind).ToDictionary(g => g.Key, g => g.Sum(r => r.Value.Handles));
        Assert.Equal(sos.Kinds.OrderBy(k => k.Key, StringComparer.Ordinal), byKind.OrderBy(k => k.Key, StringComparer.Ordinal));
        Assert.Equal(HandlesPinned + HandlesMorePinned, rows[("Pinned", HandlesPinnedType)].Handles);
    }

    [Fact]
    public void RetainedIsWhatEachGroupsTargetsKeepAliveByTheRetentionOracle()
    {
        var rows = HandlesCsv.Run(target, "retained.csv", "-f", target.BeforePath, "-retained");
        using var oracle = RetentionOracle.Open(target.BeforePath);
        var targets = oracle.Runtime.EnumerateHandles().Where(h => h.Object.Address != 0)
            .GroupBy(h => (Kind: h.HandleKind.ToString(), Type: h.Object.Type?.Name ?? ""))
            .ToDictionary(g => g.Key, g => (IReadOnlySet<ulong>)g.Select(h => h.Object.Address).Where(oracle.Live.Contains).ToHashSet());
        foreach (var key in new[] { ("Pinned", HandlesPinnedType), ("Strong", HandlesStrongType), ("WeakLong", HandlesLongWeakType), ("Dependent", HandlesDependentKeyType) })
        {
            Assert.Equal((key, oracle.RetainedByObjects(targets[key])), (key, rows[key].Retained!.Value));
        }
        // A dependent handle's key keeps its ConditionalWeakTable value alive: both are retained.
        Assert.Equal(HandlesDependent * 2 * LeafSize, rows[("Dependent", HandlesDependentKeyType)].Retained);
    }

    [Fact]
    public void ALivePidCountsThePlantedHandlesAndIsResumed()
    {
        var rows = HandlesCsv.Run(target, "live.csv", "-pid", target.Process.Pid.ToString(System.Globalization.CultureInfo.InvariantCulture));
        // The 80 unreachable weak targets were made after the planting GC: any collection the runtime starts on its own
        // since (its background threads allocate a little) takes them, at a moment no test controls. Either state is
        // exact: all 80 still there and unreachable, or none. Every other kind must be exactly as planted.
        var weak = rows[("WeakShort", HandlesWeakType)];
        var unreachable = weak.Unreachable == 0 ? 0 : HandlesWeakUnreachable;
        Assert.Equal(new HandlesCsv.Row(HandlesWeakLive + unreachable, (HandlesWeakLive + unreachable) * LeafSize, unreachable, null), weak);
        rows.Remove(("WeakShort", HandlesWeakType));
        AssertPlanted(rows, HandlesPinned + HandlesMorePinned, weakShort: false);
        target.Process.AssertResumed();
    }

    [Fact]
    public void TheConsoleTableTotalsEachKindAndNamesEachTargetType()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-handles");
        Assert.True(result.ExitCode == 0, result.ToString());
        var lines = result.StandardOutput.Split('\n');
        Assert.StartsWith("GC handles: ", lines[0], StringComparison.Ordinal);
        // The planted pinned handles and the runtime's own one, which pins a plain System.Object (ClrMD's handle table).
        using (var dump = LocalDump.Open(target.BeforePath))
        {
            var runtimes = dump.Runtime.EnumerateHandles().Where(h => h.HandleKind == ClrHandleKind.Pinned && h.Object.Type?.Name != HandlesPinnedType);
            Assert.Equal(["System.Object"], runtimes.Select(h => h.Object.Type?.Name));
        }
        Assert.Contains($"Pinned {HandlesPinned + 1:N0}", lines[0], StringComparison.Ordinal);
        Assert.Equal(["Kind", "Handles", "Bytes(Bytes)", "Unreachable", "Type"], lines[1].Split(' ', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains(lines, l => l.Split(' ', StringSplitOptions.RemoveEmptyEntries) is ["Pinned", var n, var b, "0", HandlesPinnedType]
            && n == $"{HandlesPinned:N0}" && b == $"{HandlesPinned * HandlesPinnedArraySize:N0}");
    }

    private static void AssertPlanted(Dictionary<(string Kind, string Type), HandlesCsv.Row> rows, int pinned = HandlesPinned, bool weakShort = true)
    {
        Assert.Equal(new HandlesCsv.Row(pinned, pinned * HandlesPinnedArraySize, 0, null), rows[("Pinned", HandlesPinnedType)]);
        Assert.Equal(new HandlesCsv.Row(HandlesStrong, HandlesStrong * LeafSize, 0, null), rows[("Strong", HandlesStrongType)]);
        // The collected targets' handles hold null: the runtime's handle walk skips them, so only the kept and the unreachable ones count.
        if (weakShort)
        {
            var weak = HandlesWeakLive + HandlesWeakUnreachable;
            Assert.Equal(new HandlesCsv.Row(weak, weak * LeafSize, HandlesWeakUnreachable, null), rows[("WeakShort", HandlesWeakType)]);
        }
        Assert.Equal(new HandlesCsv.Row(HandlesLongWeak, HandlesLongWeak * LeafSize, 0, null), rows[("WeakLong", HandlesLongWeakType)]);
        Assert.Equal(new HandlesCsv.Row(HandlesDependent, HandlesDependent * LeafSize, 0, null), rows[("Dependent", HandlesDependentKeyType)]);
    }
}

using MemAnalyzer.Tests.EndToEnd.Retention;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Sql;

/// <summary>
/// -sql's tables against what exists, on the retention target's first dump: the type tables (all objects, -live,
/// -retained), the ClrMD retention and dominator oracles, the oracle's references and roots.
/// </summary>
[Collection(RetentionTargetCollection.Name)]
public sealed class SqlTablesTests(RetentionTarget target)
{
    /// <summary>The dumpheap -stat recipe (README and docs/sql.md).</summary>
    public const string DumpHeapStat = "SELECT type, count(*) AS count, sum(size) AS bytes FROM objects GROUP BY type ORDER BY bytes DESC, type";

    [Fact]
    public void TheDumpHeapStatRecipeAndTheTypesTableEqualTheAllObjectsTypeTable()
    {
        var table = TypeRows(MemAnalyzerCli.Run("-f", target.BeforePath, "-dts", "100000"));
        var recipe = SqlOutput.Rows("-f", target.BeforePath, "-sql", DumpHeapStat).ToDictionary(r => r["type"].GetString()!, r => (r["count"].GetInt64(), r["bytes"].GetInt64()));
        var types = SqlOutput.Rows("-f", target.BeforePath, "-sql", "SELECT type, count, bytes FROM types").ToDictionary(r => r["type"].GetString()!, r => (r["count"].GetInt64(), r["bytes"].GetInt64()));

        Assert.Equal(table.OrderBy(t => t.Key, StringComparer.Ordinal), recipe.OrderBy(t => t.Key, StringComparer.Ordinal));
        Assert.Equal(table.OrderBy(t => t.Key, StringComparer.Ordinal), types.OrderBy(t => t.Key, StringComparer.Ordinal));
    }

    [Fact]
    public void TheLiveColumnsOfTheTypesTableEqualTheLiveTypeTableAndItsRetainedBytes()
    {
        var live = TypeRows(MemAnalyzerCli.Run("-f", target.BeforePath, "-live", "-dts", "100000"));
        var retained = RetainedTable.Parse(MemAnalyzerCli.Run("-f", target.BeforePath, "-live", "-retained", "-dts", "100000").StandardOutput);
        var rows = SqlOutput.Rows("-f", target.BeforePath, "-sql", "SELECT type, live_count, live_bytes, retained FROM types WHERE live_count > 0");

        Assert.Equal(live.OrderBy(t => t.Key, StringComparer.Ordinal),
            rows.Select(r => KeyValuePair.Create(r["type"].GetString()!, (r["live_count"].GetInt64(), r["live_bytes"].GetInt64()))).OrderBy(t => t.Key, StringComparer.Ordinal));
        Assert.Equal(retained.Where(r => !r.Key.StartsWith("Managed Heap", StringComparison.Ordinal)).Select(r => (r.Key, r.Value.Retained)).OrderBy(t => t.Key, StringComparer.Ordinal),
            rows.Select(r => (r["type"].GetString()!, r["retained"].GetInt64())).OrderBy(t => t.Item1, StringComparer.Ordinal));
    }

    [Fact]
    public void EveryPlantedObjectsRetainedBytesAndDominatorEqualTheClrMdOracles()
    {
        using var oracle = RetentionOracle.Open(target.BeforePath);
        var dominators = new DominatorOracle(oracle);
        var rows = SqlOutput.Rows("-f", target.BeforePath, "-sql",
            $"SELECT address, retained, coalesce(dominator, 0) AS dominator, coalesce(parent, 0) AS parent FROM objects WHERE live AND type LIKE '{ExpectedCounts.RetentionNamespace}.%'");

        Assert.Equal(oracle.Live.Count(a => oracle.Objects[a].TypeName.StartsWith(ExpectedCounts.RetentionNamespace + ".", StringComparison.Ordinal)), rows.Count);
        // The shared orders and the objects two roots hold: their dominator is not the parent of their path.
        Assert.Contains(rows, r => r["dominator"].GetUInt64() != r["parent"].GetUInt64());
        foreach (var row in rows)
        {
            var address = row["address"].GetUInt64();
            Assert.Equal((address, oracle.RetainedByObjects(new HashSet<ulong> { address })), (address, row["retained"].GetInt64()));
            Assert.Equal((address, dominators.ImmediateDominator(address)), (address, row["dominator"].GetUInt64()));
        }
    }

    /// <summary>
    /// A scan looks up only the live columns it reads: the dominator read without the parent (and without live) equals
    /// the dominator oracle, and the parent read alone is, for every live planted object, NULL when a root holds it, else
    /// an object that references it one step nearer the roots (breadth-first distances over ClrMD's references from the
    /// objects the roots table names: statics are roots there, as in -roots, where ClrMD roots their holder array;
    /// which of several such referrers is the product's choice). Dead objects have neither.
    /// </summary>
    [Fact]
    public void TheDominatorAndTheParentColumnsReadAloneEqualTheOracles()
    {
        using var oracle = RetentionOracle.Open(target.BeforePath);
        var dominators = new DominatorOracle(oracle);
        var depths = Depths(oracle, SqlOutput.Rows("-f", target.BeforePath, "-sql", "SELECT DISTINCT address FROM roots ORDER BY address").Select(r => r["address"].GetUInt64()));
        var planted = $"WHERE type LIKE '{ExpectedCounts.RetentionNamespace}.%'";
        var dominator = SqlOutput.Rows("-f", target.BeforePath, "-sql", $"SELECT address, coalesce(dominator, 0) AS dominator FROM objects {planted}")
            .ToDictionary(r => r["address"].GetUInt64(), r => r["dominator"].GetUInt64());
        var parent = SqlOutput.Rows("-f", target.BeforePath, "-sql", $"SELECT address, coalesce(parent, 0) AS parent FROM objects {planted}")
            .ToDictionary(r => r["address"].GetUInt64(), r => r["parent"].GetUInt64());

        Assert.Equal(dominator.Keys.Order(), parent.Keys.Order());
        Assert.Contains(parent, p => p.Value != 0 && depths[p.Key] > 1);
        foreach (var address in dominator.Keys)
        {
            if (!oracle.Live.Contains(address))
            {
                Assert.Equal((address, 0UL, 0UL), (address, dominator[address], parent[address]));
                continue;
            }
            Assert.Equal((address, dominators.ImmediateDominator(address)), (address, dominator[address]));
            var holder = parent[address];
            var (depth, references) = holder == 0 ? (-1, true) : (depths[holder], oracle.Objects[holder].References.Contains(address));
            Assert.Equal((address, depths[address] - 1, true), (address, depth, references));
        }
    }

    [Fact]
    public void TheRefsTableHoldsEveryReferenceOfEveryLiveObjectToAnObject()
    {
        using var oracle = RetentionOracle.Open(target.BeforePath);
        var expected = oracle.Live.Sum(a => (long)oracle.Objects[a].References.Count(oracle.Objects.ContainsKey));

        Assert.Equal(expected, SqlOutput.Number(target.BeforePath, "SELECT count(*) FROM refs"));
    }

    [Fact]
    public void EveryReferenceOfAPlantedObjectNamesTheFieldClrMdNamesForIt()
    {
        using var oracle = RetentionOracle.Open(target.BeforePath);
        var expected = new List<string>();
        foreach (var address in oracle.Live.Where(a => oracle.Objects[a].TypeName.StartsWith(ExpectedCounts.RetentionNamespace + ".", StringComparison.Ordinal)))
        {
            foreach (var reference in oracle.Heap.GetObject(address).EnumerateReferencesWithFields(carefully: false, considerDependantHandles: true))
            {
                if (oracle.Objects.ContainsKey(reference.Object.Address))
                {
                    var inner = reference.InnerField?.Field?.Name is { } name ? "." + name : "";
                    var field = reference.IsDependentHandle ? "(dependent handle)" : reference.IsArrayElement ? "[]" : reference.Field?.Name + inner;
                    expected.Add($"{address:x} {reference.Object.Address:x} {field}");
                }
            }
        }
        var rows = SqlOutput.Rows("-f", target.BeforePath, "-sql",
            $"SELECT r.source, r.target, r.field FROM refs r JOIN objects o ON o.address = r.source WHERE o.type LIKE '{ExpectedCounts.RetentionNamespace}.%'");

        Assert.Contains(expected, e => e.EndsWith(" []", StringComparison.Ordinal));
        Assert.Equal(expected.Order(StringComparer.Ordinal), rows.Select(r => $"{r["source"].GetUInt64():x} {r["target"].GetUInt64():x} {r["field"].GetString()}").Order(StringComparer.Ordinal));
    }

    [Fact]
    public void TheRootsTableHoldsEveryObjectOfTheOraclesRootsAndStaticFieldsBesideAndTheLiveColumnIsTheOraclesMark()
    {
        using var oracle = RetentionOracle.Open(target.BeforePath);
        var rooted = oracle.Roots.Select(r => r.Object.Address).Where(oracle.Objects.ContainsKey).ToHashSet();
        var roots = SqlOutput.Rows("-f", target.BeforePath, "-sql", "SELECT address, kind FROM roots");
        var live = SqlOutput.Number(target.BeforePath, "SELECT count(*) FROM objects WHERE live AND generation <> 'frozen'");

        // ClrMD roots the statics at the runtime's handle table (an object[]); MemAnalyzer names each static field as a root too.
        Assert.Subset(roots.Select(r => r["address"].GetUInt64()).ToHashSet(), rooted);
        Assert.All(roots.Where(r => !rooted.Contains(r["address"].GetUInt64())), r => Assert.Equal("Static", r["kind"].GetString()));
        Assert.Equal(oracle.Live.Count(a => !IsFrozen(oracle, a)), live);
    }

    [Fact]
    public void TheObjectsPerGenerationAndLivenessEqualClrMdsSegmentGenerationsAndTheOraclesMark()
    {
        using var oracle = RetentionOracle.Open(target.BeforePath);
        var expected = oracle.Objects.Keys.GroupBy(a => $"{GenerationName(oracle.Heap.GetSegmentByAddress(a)!.GetGeneration(a))} {oracle.Live.Contains(a) || IsFrozen(oracle, a)}")
            .Select(g => $"{g.Key} {g.Count()}");
        var rows = SqlOutput.Rows("-f", target.BeforePath, "-sql", "SELECT generation, live, count(*) AS n FROM objects GROUP BY ALL");

        Assert.Equal(expected.Order(StringComparer.Ordinal),
            rows.Select(r => $"{r["generation"].GetString()} {r["live"].GetBoolean()} {r["n"].GetInt64()}").Order(StringComparer.Ordinal));
    }

    private static string GenerationName(Microsoft.Diagnostics.Runtime.Generation generation) => generation switch
    {
        Microsoft.Diagnostics.Runtime.Generation.Generation0 => "gen0",
        Microsoft.Diagnostics.Runtime.Generation.Generation1 => "gen1",
        Microsoft.Diagnostics.Runtime.Generation.Generation2 => "gen2",
        Microsoft.Diagnostics.Runtime.Generation.Large => "loh",
        Microsoft.Diagnostics.Runtime.Generation.Pinned => "poh",
        Microsoft.Diagnostics.Runtime.Generation.Frozen => "frozen",
        _ => "",
    };

    private static bool IsFrozen(RetentionOracle oracle, ulong address) => oracle.Heap.GetSegmentByAddress(address)?.Kind == Microsoft.Diagnostics.Runtime.GCSegmentKind.Frozen;

    private static Dictionary<string, (long, long)> TypeRows(ProcessResult result)
    {
        Assert.True(result.ExitCode == 0, result.ToString());
        return TableOutput.Rows(result.StandardOutput).Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal))
            .ToDictionary(r => r.Label, r => (r.Count!.Value, r.Bytes));
    }

    /// <summary>Each object's breadth-first distance from the roots over the oracle's references (0: a root holds it).</summary>
    private static Dictionary<ulong, int> Depths(RetentionOracle oracle, IEnumerable<ulong> roots)
    {
        var depths = new Dictionary<ulong, int>();
        var queue = new Queue<ulong>();
        foreach (var root in roots.Where(oracle.Objects.ContainsKey))
        {
            if (depths.TryAdd(root, 0))
            {
                queue.Enqueue(root);
            }
        }
        while (queue.TryDequeue(out var address))
        {
            foreach (var child in oracle.Objects[address].References.Where(oracle.Objects.ContainsKey))
            {
                if (depths.TryAdd(child, depths[address] + 1))
                {
                    queue.Enqueue(child);
                }
            }
        }
        return depths;
    }
}

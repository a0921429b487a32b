using MemAnalyzer.Tests.EndToEnd.Index;

namespace MemAnalyzer.Tests.EndToEnd.Sql;

/// <summary>
/// <c>refs</c> on a heap larger than one of DuckDB's chunks (2,048 rows) and one thread's block of sources: the leaks
/// target's dump, whose DataInstance[] alone holds 20,000 references. Every reference of every live object, with the
/// field ClrMD names for it, is one row, whether the tables are read from the graph or kept.
/// </summary>
[Collection(LeaksTargetCollection.Name)]
public sealed class SqlRefsTests(LeaksTarget target)
{
    private const string Refs = "SELECT source, target, field FROM refs";

    [Fact]
    public void EveryReferenceOfEveryLiveObjectIsOneRowWithItsFieldAlsoAcrossChunksAndWhenKept()
    {
        var oracle = target.Before;
        var expected = new List<string>();
        var largest = 0;
        foreach (var address in oracle.Live)
        {
            var references = 0;
            foreach (var reference in oracle.Heap.GetObject(address).EnumerateReferencesWithFields(carefully: false, considerDependantHandles: true))
            {
                if (oracle.Objects.ContainsKey(reference.Object.Address))
                {
                    var inner = reference.InnerField?.Field?.Name is { } name ? "." + name : "";
                    var field = reference.IsDependentHandle ? "(dependent handle)" : reference.IsArrayElement ? "[]" : reference.Field?.Name + inner;
                    expected.Add($"{address:x} {reference.Object.Address:x} {field}");
                    references++;
                }
            }
            largest = Math.Max(largest, references);
        }
        using var cache = new IndexCache();

        var walked = SqlOutput.Rows("-f", target.BeforePath, "-sql", Refs);
        var keeping = cache.Run("-f", target.BeforePath, "-sql", Refs, "-format", "json");
        var kept = cache.Run("-f", target.BeforePath, "-sql", Refs, "-format", "json");

        // One object's references fill several chunks; the live objects, many of the 512 sources a thread takes at a time.
        Assert.True(largest > 2 * 2048 && oracle.Live.Count > 16 * 512, $"{largest} references at most, {oracle.Live.Count} live objects");
        var rows = walked.Select(r => $"{r["source"].GetUInt64():x} {r["target"].GetUInt64():x} {TwoLevels(r["field"].GetString())}").Order(StringComparer.Ordinal).ToList();
        Assert.Equal(expected.Count, rows.Count);
        Assert.Equal(expected.Order(StringComparer.Ordinal), rows);
        Assert.True(keeping.ExitCode == 0 && kept.ExitCode == 0 && kept.StandardError.Contains("note: the SQL references of ", StringComparison.Ordinal), kept.ToString());
        Assert.Equal(IndexCache.RunWithout("-f", target.BeforePath, "-sql", Refs + " ORDER BY ALL", "-format", "json").StandardOutput,
            cache.Run("-f", target.BeforePath, "-sql", Refs + " ORDER BY ALL", "-format", "json").StandardOutput);
    }

    /// <summary>
    /// A field of a struct field of a struct field as ClrMD names it: the outer field and the one inside it ("_key.&lt;Id&gt;k__BackingField"),
    /// where the product names every level down to the reference ("_key.&lt;Id&gt;k__BackingField.&lt;Type&gt;k__BackingField").
    /// </summary>
    private static string? TwoLevels(string? field) =>
        field is null || field.StartsWith('(') || field.Split('.') is not { Length: > 2 } parts ? field : parts[0] + "." + parts[1];
}

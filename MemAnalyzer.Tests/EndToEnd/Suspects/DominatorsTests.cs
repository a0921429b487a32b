using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Suspects;

/// <summary>-dominators on a dump of the leaks: every line's type, shallow and retained bytes against the retention oracle.</summary>
[Collection(LeaksTargetCollection.Name)]
public sealed class DominatorsTests(LeaksTarget target)
{
    [Fact]
    public void EveryLineOfTheDominatorTreeHasTheOraclesTypeShallowAndRetainedBytes()
    {
        var lines = Lines("-f", target.BeforePath, "-dominators", "4", "2");
        Assert.Equal(4, lines.Count(l => l.Depth == 0));
        Assert.Contains(lines, l => l.Depth == 2);
        foreach (var line in lines.Where(l => l.Address != 0))
        {
            var obj = target.Before.Objects[line.Address];
            Assert.Equal((obj.TypeName, obj.Size, target.Before.RetainedByObjects(new HashSet<ulong> { line.Address })), (line.Type, line.Shallow, line.Retained));
        }
        // Top lines in falling retained bytes: the four largest of the objects that no other object dominates.
        var tops = lines.Where(l => l.Depth == 0).Select(l => l.Retained).ToList();
        Assert.Equal(tops.OrderDescending(), tops);
        var oracle = new DominatorOracle(target.Before);
        Assert.Equal(oracle.TopLevelRetained().Values.OrderDescending().Take(4), tops);
    }

    [Fact]
    public void EachLineIsImmediatelyDominatedByTheLineItHangsUnderAndRetainsNoMoreThanIt()
    {
        var lines = Lines("-f", target.BeforePath, "-dominators", "4", "2");
        var oracle = new DominatorOracle(target.Before);
        var parents = new Stack<Line>();
        var children = 0;
        foreach (var line in lines.Where(l => l.Address != 0))
        {
            while (parents.Count > line.Depth)
            {
                parents.Pop();
            }
            var parent = parents.Count == 0 ? 0 : parents.Peek().Address;
            var idom = oracle.ImmediateDominator(line.Address);
            Assert.True(parent == idom, $"{line} under 0x{parent:x}; dominated by 0x{idom:x} {(idom == 0 ? "" : target.Before.Objects[idom].TypeName)}; roots to it: {string.Join(", ", target.Before.Roots.Where(r => r.Object.Address == idom).Select(r => r.RootKind))}");
            if (parents.TryPeek(out var above))
            {
                Assert.True(line.Retained <= above.Retained, $"{line} retains more than {above}");
                children++;
            }
            parents.Push(line);
        }
        Assert.True(children > 0, "no child lines");
    }

    [Fact]
    public void WithATypeTheTopLinesAreThatTypesInstancesThatRetainMost()
    {
        var lines = Lines("-f", target.BeforePath, "-dominators", "2", "0", "-type", "ConcurrentDictionary<");
        Assert.Equal(2, lines.Count);
        Assert.All(lines, l => Assert.StartsWith("System.Collections.Concurrent.ConcurrentDictionary<", l.Type, StringComparison.Ordinal));
        Assert.Equal(LargestRetainedOf(target.Before, "System.Collections.Concurrent.ConcurrentDictionary<"), lines[0].Retained);
        // The cache's dictionary holds its Tables (a matching type too): that instance is inside the first, not a top line of its own.
        Assert.DoesNotContain(lines, l => l.Type.EndsWith("+Tables", StringComparison.Ordinal));
    }

    /// <summary>
    /// The most any live instance of the types whose name starts so retains, by the oracle's definition (one mark without
    /// it). An instance inside what another retains retains no more than that one (every path to what it retains passes
    /// through it, and every path to it through the other), so only the instances outside every retained set marked so
    /// far are marked: a few marks, not one per instance (3,000 here).
    /// </summary>
    private static long LargestRetainedOf(RetentionOracle oracle, string typePrefix)
    {
        var covered = new HashSet<ulong>();
        var largest = -1L;
        foreach (var o in oracle.Objects.Values.Where(o => o.TypeName.StartsWith(typePrefix, StringComparison.Ordinal) && oracle.Live.Contains(o.Address)))
        {
            if (covered.Contains(o.Address))
            {
                continue;
            }
            var retained = oracle.RetainedSetOf(new HashSet<ulong> { o.Address });
            largest = Math.Max(largest, retained.Sum(a => oracle.Objects[a].Size));
            covered.UnionWith(retained);
        }
        return largest;
    }

    private sealed record Line(int Depth, ulong Address, string Type, long Shallow, long Retained);

    private static List<Line> Lines(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run(arguments);
        Assert.True(result.ExitCode == 0, result.ToString());
        var rows = result.StandardOutput.Split('\n').Skip(2).Where(l => l.Length > 0).ToList();
        return [.. rows.Select(Parse)];
    }

    // "      2,400,056              32  29.66 %  0x7f9695809d40  System.Collections…", "…  … 19,997 more" (no address).
    private static Line Parse(string row)
    {
        var parts = row.Split("  ", StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        var objectColumn = row[(row.LastIndexOf("  ", StringComparison.Ordinal) + 2)..];
        if (parts.Length < 5)
        {
            return new Line(-1, 0, objectColumn.Trim(), SuspectsOutput.Number(parts[1]), SuspectsOutput.Number(parts[0]));
        }
        var addressEnd = row.IndexOf(parts[3], StringComparison.Ordinal) + parts[3].Length + 2;
        var typeText = row[addressEnd..];
        var depth = (typeText.Length - typeText.TrimStart(' ').Length) / 2;
        return new Line(depth, ulong.Parse(parts[3].AsSpan(2), NumberStyles.HexNumber, CultureInfo.InvariantCulture), typeText.Trim(),
            SuspectsOutput.Number(parts[1]), SuspectsOutput.Number(parts[0]));
    }
}

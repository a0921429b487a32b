using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>
/// The product's dominator tree (Semi-NCA over predecessor rows that leave out each node's search-tree parent) against
/// dominators by definition, on 3,000 seeded graphs of single-referrer chains feeding shared objects.
/// </summary>
public sealed class DominatorsAgainstNaiveTests
{
    private const int GraphsPerBatch = 100;

    public static TheoryData<int> Batches() => [.. Enumerable.Range(0, 30)];

    [Theory]
    [MemberData(nameof(Batches))]
    public void OnChainGraphsEveryImmediateDominatorRetainedSizeAndTypeRetentionEqualsTheNaiveOnes(int batch)
    {
        for (var seed = batch * GraphsPerBatch; seed < (batch + 1) * GraphsPerBatch; seed++)
        {
            var chains = ChainGraph.Random(seed);
            var expected = NaiveDominators.Immediate(chains, out var strict);
            var tree = DominatorTree.Compute(chains.ToProductGraph());
            for (var obj = 0; obj < chains.Count; obj++)
            {
                Assert.True(expected[obj] == tree.ImmediateDominatorOf(obj),
                    $"seed {seed}, object {obj}: immediate dominator {tree.ImmediateDominatorOf(obj)}, by definition {expected[obj]}");
                var retained = Enumerable.Range(0, chains.Count)
                    .Where(v => expected[obj] != DominatorTree.Unreachable && (v == obj || strict[v].Contains(obj)))
                    .Sum(v => (long)chains.Sizes[v]);
                Assert.True(retained == tree.RetainedBytes[obj], $"seed {seed}, object {obj}: retains {tree.RetainedBytes[obj]}, by definition {retained}");
            }
            for (var type = 0; type < tree.RetainedBytesPerType.Length; type++)
            {
                var outermost = Enumerable.Range(0, chains.Count)
                    .Where(obj => expected[obj] != DominatorTree.Unreachable && chains.Types[obj] == type && !strict[obj].Any(d => chains.Types[d] == type))
                    .Sum(obj => tree.RetainedBytes[obj]);
                Assert.True(outermost == tree.RetainedBytesPerType[type], $"seed {seed}, type {type}: {tree.RetainedBytesPerType[type]}, by definition {outermost}");
            }
        }
    }
}

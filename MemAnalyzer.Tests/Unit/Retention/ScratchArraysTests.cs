using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>The arrays a graph's reading keeps its references in and the dominators then reuse.</summary>
public sealed class ScratchArraysTests
{
    [Fact]
    public void ChunksCarvedOnTwoThreadsNeverShareASlotAndEachArrayThenLentHoldsAnIntPerObject()
    {
        const int chunk = 1 << 10;
        const int perThread = 300;
        var scratch = new ScratchArrays(4_998, chunk);
        var carved = new (int[] Array, int Offset)[2][];
        Parallel.For(0, 2, thread =>
        {
            carved[thread] = new (int[], int)[perThread];
            for (var c = 0; c < perThread; c++)
            {
                carved[thread][c] = scratch.Carve(chunk);
                // Each chunk's slots get a value no other chunk writes.
                Array.Fill(carved[thread][c].Array, thread * perThread + c + 1, carved[thread][c].Offset, chunk);
            }
        });
        for (var thread = 0; thread < 2; thread++)
        {
            for (var c = 0; c < perThread; c++)
            {
                var (array, offset) = carved[thread][c];
                Assert.InRange(offset, 0, array.Length - chunk);
                Assert.All(array.AsSpan(offset, chunk).ToArray(), v => Assert.Equal(thread * perThread + c + 1, v));
            }
        }
        // 600 chunks of 1,024 ints, 4 to an array of 5,000: 150 arrays, each lent once the carving is over.
        var arrays = carved.SelectMany(t => t).Select(c => c.Array).Distinct().ToList();
        Assert.Equal(150, arrays.Count);
        scratch.EndCarving();
        var lent = Enumerable.Range(0, 150).Select(_ => scratch.Take()).ToList();
        Assert.True(arrays.ToHashSet(ReferenceEqualityComparer.Instance).SetEquals(lent));
        Assert.Equal(5_000, scratch.Take().Length);
    }

    [Fact]
    public void AnArrayGivenBackIsTheNextLentAndOneShorterThanAnIntPerObjectIsRefused()
    {
        var scratch = new ScratchArrays(98);
        var taken = scratch.Take();
        Assert.Equal(100, taken.Length);
        scratch.Return(taken);
        Assert.Same(taken, scratch.Take());
        Assert.Throws<ArgumentException>(() => scratch.Return(new int[99]));
        scratch.Return(taken);
        scratch.Clear();
        Assert.NotSame(taken, scratch.Take());
    }

    [Fact]
    public void DominatorsComputedInScratchFullOfOtherNumbersAndInTheReleasedReferencesEqualThoseComputedInFreshArrays()
    {
        for (var seed = 0; seed < 300; seed++)
        {
            var fresh = DominatorTree.Compute(RandomGraphs.General(seed));
            var reusing = RandomGraphs.General(seed);
            // What a reading leaves in its arrays: numbers of other objects.
            var random = new Random(seed);
            var garbage = Enumerable.Range(0, 3).Select(_ => Enumerable.Range(0, reusing.Scratch.Length).Select(_ => random.Next(reusing.Count + 1)).ToArray()).ToList();
            garbage.ForEach(reusing.Scratch.Return);
            var reused = DominatorTree.Compute(reusing, releaseReferences: true, reuseReferences: true);
            Assert.Equal(fresh.ImmediateDominators.ToArray(), reused.ImmediateDominators.ToArray());
            Assert.Equal(fresh.RetainedBytes.ToArray(), reused.RetainedBytes.ToArray());
            Assert.Equal(fresh.RetainedBytesPerType, reused.RetainedBytesPerType);
            Assert.Equal(fresh.ReachableCount, reused.ReachableCount);
            Assert.Equal(fresh.ReachableBytes, reused.ReachableBytes);
        }
    }

    [Fact]
    public void ReferencesAreReusedOnlyWhenTheyAreReleased()
    {
        var graph = RandomGraphs.General(3);
        Assert.Throws<ArgumentException>(() => DominatorTree.Compute(graph, reuseReferences: true));
        Assert.False(graph.ReferencesReleased);
    }
}

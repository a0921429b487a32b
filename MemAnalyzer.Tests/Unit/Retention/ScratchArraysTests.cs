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
    public void PrefaultingLeavesEveryCarvedChunkAsItWasWritesEachPageOfTheRestAndMakesTheArraysTheDominatorsTake()
    {
        const int chunk = 1 << 14;
        // Arrays of 65,536 ints (256 KiB).
        var scratch = new ScratchArrays(65_534, chunk);
        // Six chunks: four fill the first array, two the first half of the second.
        var carved = Enumerable.Range(0, 6).Select(c => scratch.Carve(chunk)).ToList();
        carved.ForEach(c => Array.Fill(c.Array, 7, c.Offset, chunk));
        var second = carved[^1].Array;
        // What an uninitialized array may hold past its chunks.
        Array.Fill(second, 5, 2 * chunk, second.Length - 2 * chunk);
        scratch.StartPrefault(DominatorTree.ScratchArraysTaken);
        scratch.EndCarving();
        var lent = new int[DominatorTree.ScratchArraysTaken][];
        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < lent.Length; i++)
        {
            lent[i] = scratch.Take();
        }
        // The third array was made by the prefault, which the first Take waited for: no array is made here (waiting
        // may allocate a few kilobytes; an array is 256 KiB).
        Assert.InRange(GC.GetAllocatedBytesForCurrentThread() - before, 0, 64 * 1024);
        Assert.Equal(3, lent.Distinct().Count());
        Assert.Contains(lent, a => ReferenceEquals(a, carved[0].Array));
        Assert.Contains(lent, a => ReferenceEquals(a, second));
        Assert.All(lent, a => Assert.Equal(65_536, a.Length));
        Assert.All(carved, c => Assert.All(c.Array.AsSpan(c.Offset, chunk).ToArray(), v => Assert.Equal(7, v)));
        // The tail was written: a zero at each page's first int (1,024 ints), the rest as it was.
        for (var i = 2 * chunk; i < second.Length; i++)
        {
            Assert.Equal(i % 1024 == 0 ? 0 : 5, second[i]);
        }
        // None is left over: a fourth is new.
        before = GC.GetAllocatedBytesForCurrentThread();
        var fourth = scratch.Take();
        Assert.DoesNotContain(lent, a => ReferenceEquals(a, fourth));
        Assert.True(GC.GetAllocatedBytesForCurrentThread() >= before + 65_536 * sizeof(int));
    }

    [Fact]
    public void PrefaultingCountsTheArraysGivenBackAndMakesOnlyTheOnesMissing()
    {
        const int ints = 65_536;
        var scratch = new ScratchArrays(ints - 2);
        scratch.Return(new int[ints]);
        scratch.Return(new int[ints]);
        scratch.StartPrefault(DominatorTree.ScratchArraysTaken);
        var lent = new int[4][];
        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < lent.Length; i++)
        {
            lent[i] = scratch.Take();
        }
        // Two given back and one made: the fourth, and only it, is made when taken (waiting may allocate a few kilobytes).
        Assert.InRange(GC.GetAllocatedBytesForCurrentThread() - before, ints * sizeof(int), ints * sizeof(int) + 64 * 1024);
        Assert.Equal(4, lent.Distinct().Count());
    }

    [Fact]
    public void TakingWaitsForThePrefaultAndLendsTheArrayItMade()
    {
        for (var attempt = 0; attempt < 5; attempt++)
        {
            // 16 MiB arrays: making and writing one takes milliseconds, taking one at once does not.
            var scratch = new ScratchArrays(1 << 22);
            scratch.StartPrefault(1);
            var before = GC.GetAllocatedBytesForCurrentThread();
            var lent = scratch.Take();
            // Waiting may allocate a few kilobytes; an array is 16 MiB.
            Assert.InRange(GC.GetAllocatedBytesForCurrentThread() - before, 0, 1 << 20);
            Assert.Equal(scratch.Length, lent.Length);
        }
    }

    [Fact]
    public void ClearingWaitsForThePrefaultSoThatNoArrayItMakesIsLentAfter()
    {
        for (var attempt = 0; attempt < 20; attempt++)
        {
            var scratch = new ScratchArrays(1 << 16);
            scratch.StartPrefault(DominatorTree.ScratchArraysTaken);
            scratch.Clear();
            var before = GC.GetAllocatedBytesForCurrentThread();
            scratch.Take();
            Assert.True(GC.GetAllocatedBytesForCurrentThread() >= before + (1 << 16) * sizeof(int));
        }
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
            var reused = DominatorTree.Compute(reusing, references: ReferencesAfterwards.Reused);
            Assert.Equal(fresh.ImmediateDominators.ToArray(), reused.ImmediateDominators.ToArray());
            Assert.Equal(fresh.RetainedBytes.ToArray(), reused.RetainedBytes.ToArray());
            Assert.Equal(fresh.RetainedBytesPerType, reused.RetainedBytesPerType);
            Assert.Equal(fresh.ReachableCount, reused.ReachableCount);
            Assert.Equal(fresh.ReachableBytes, reused.ReachableBytes);
        }
    }

    [Fact]
    public void ATreeReadBackFromPartsOfDifferentLengthsIsRefused()
    {
        var error = Assert.Throws<ArgumentException>(() => DominatorTree.FromParts(new[] { -1, 0 }, new long[] { 8, 4, 4 }, [8], 2, 8));
        Assert.Equal("2 dominators but 3 retained sizes", error.Message);
        Assert.Equal(2, DominatorTree.FromParts(new[] { -1, 0 }, new long[] { 8, 4 }, [8], 2, 8).RetainedBytes.Length);
    }
}

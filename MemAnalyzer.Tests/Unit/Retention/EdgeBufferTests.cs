using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>The chunked buffer a graph's reading keeps its references in before they are joined into one array.</summary>
public sealed class EdgeBufferTests
{
    [Fact]
    public void EntriesOverManyChunksAreMovedInOrderToTheOffsetAskedForAndTheBufferIsEmptyAfter()
    {
        // Chunks of 4 entries: 4,098 entries fill 1,024 chunks and start one more.
        var buffer = new EdgeBuffer(chunkBits: 2);
        for (var i = 0; i < 4_098; i++)
        {
            buffer.Add(i * 7 + 1);
        }
        Assert.Equal(4_098, buffer.Count);
        var destination = new int[4_098 + 5];
        buffer.MoveTo(destination, 3);
        Assert.Equal(new[] { 0, 0, 0 }, destination[..3]);
        Assert.Equal(Enumerable.Range(0, 4_098).Select(i => i * 7 + 1), destination[3..^2]);
        Assert.Equal(new[] { 0, 0 }, destination[^2..]);
        Assert.Equal(0, buffer.Count);
        // Empty, it can be filled again.
        buffer.Add(42);
        Assert.Equal(new[] { 42 }, buffer.ToArray());
    }

    [Fact]
    public void ABufferCarvedFromScratchArraysKeepsItsEntriesInThoseArrays()
    {
        var scratch = new ScratchArrays(30, chunkLength: 8);
        var buffer = new EdgeBuffer(chunkBits: 3, carveFrom: scratch);
        for (var i = 0; i < 20; i++)
        {
            buffer.Add(100 + i);
        }
        // Three chunks of 8 ints from one array of 32: its first 20 slots hold the entries.
        scratch.EndCarving();
        var array = scratch.Take();
        Assert.Equal(32, array.Length);
        Assert.Equal(Enumerable.Range(100, 20), array[..20]);
        Assert.Equal(Enumerable.Range(100, 20), buffer.ToArray());
    }
}

using MemAnalyzer.Heap;

namespace MemAnalyzer.Tests.Integration.Retention;

/// <summary>The live graph's numbering by rank in the mark bitmap, against the oracle's live set of a real dump.</summary>
[Collection(RetentionDumpCollection.Name)]
public sealed class MarkedObjectNumbersTests(RetentionDump dump)
{
    [Fact]
    public void EachMarkedObjectIsNumberedByItsRankInAddressOrderAndEachNumberGivesBackItsAddress()
    {
        var (numbers, live) = MarkLive();
        Assert.Equal(live.Length, numbers.Count);
        for (var i = 0; i < live.Length; i++)
        {
            Assert.Equal(i, numbers.IndexOf(live[i]));
            Assert.Equal(live[i], numbers[i]);
        }
    }

    [Fact]
    public void AddressesThatAreNotTheStartOfAMarkedObjectHaveNoNumber()
    {
        var (numbers, live) = MarkLive();
        var dead = dump.Oracle.Objects.Keys.Where(a => !dump.Oracle.Live.Contains(a)).ToList();
        Assert.NotEmpty(dead);
        Assert.All(dead, a => Assert.Equal(-1, numbers.IndexOf(a)));
        Assert.All(live.Where(a => !dump.Oracle.Live.Contains(a + 8)), a => Assert.Equal(-1, numbers.IndexOf(a + 8)));
        Assert.All(live, a => Assert.Equal(-1, numbers.IndexOf(a + 4)));
        Assert.Equal(-1, numbers.IndexOf(0));
        Assert.Equal(-1, numbers.IndexOf(ulong.MaxValue - 7));
        Assert.Throws<ArgumentOutOfRangeException>(() => numbers[live.Length]);
    }

    private (MarkedObjectNumbers Numbers, ulong[] Live) MarkLive()
    {
        var bitmap = new ObjectBitmap(dump.Oracle.Heap.Segments);
        foreach (var address in dump.Oracle.Live)
        {
            Assert.True(bitmap.TryMark(address));
        }
        return (new MarkedObjectNumbers(bitmap), dump.Oracle.Live.Order().ToArray());
    }
}

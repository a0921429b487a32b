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

    [Fact]
    public void ConsecutiveNumbersCopiedAtOnceGiveTheAddressesOfTheLiveObjectsInOrderAcrossSegments()
    {
        var (numbers, live) = MarkLive();
        var segments = dump.Oracle.Heap.Segments.Count(s => live.Any(a => s.ObjectRange.Contains(a)));
        Assert.True(segments > 1, $"the live objects lie on {segments} segment(s): a copy must cross from one to the next");
        var all = new ulong[live.Length];
        numbers.CopyTo(0, all);
        Assert.Equal(live, all);
        // Windows of every length up to 300 starting at every 97th number, so that each crosses words and segments.
        for (var first = 0; first < live.Length; first += 97)
        {
            var length = Math.Min(1 + first % 300, live.Length - first);
            var window = new ulong[length];
            numbers.CopyTo(first, window);
            Assert.Equal(live.AsSpan(first, length).ToArray(), window);
        }
        numbers.CopyTo(live.Length, Span<ulong>.Empty);
        Assert.Throws<ArgumentOutOfRangeException>(() => numbers.CopyTo(live.Length - 1, new ulong[2]));
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

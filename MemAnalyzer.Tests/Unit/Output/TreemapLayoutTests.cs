using MemAnalyzer.Output;

namespace MemAnalyzer.Tests.Unit.Output;

public sealed class TreemapLayoutTests
{
    [Theory]
    [InlineData(new long[] { 2_400_056, 2_363_480, 2_256_496, 500_000, 300_000, 12, 1 })]
    [InlineData(new long[] { 1, 1, 1, 1, 1, 1, 1, 1, 1 })]
    [InlineData(new long[] { 1_000_000_000, 3 })]
    public void EachBoxsAreaIsItsShareOfTheRectangleAndTheBoxesTileIt(long[] sizes)
    {
        var area = new TreemapLayout.Box(10, 20, 1000, 460);
        var boxes = TreemapLayout.Squarify(sizes, area);
        var total = (double)sizes.Sum();
        for (var i = 0; i < sizes.Length; i++)
        {
            Assert.Equal(area.Area * sizes[i] / total, boxes[i].Area, 6);
            Assert.InRange(boxes[i].X, area.X - 1e-9, area.X + area.Width + 1e-9);
            Assert.InRange(boxes[i].Y + boxes[i].Height, area.Y - 1e-9, area.Y + area.Height + 1e-6);
        }
        // No two boxes overlap.
        for (var i = 0; i < boxes.Length; i++)
        {
            for (var j = i + 1; j < boxes.Length; j++)
            {
                var overlapX = Math.Min(boxes[i].X + boxes[i].Width, boxes[j].X + boxes[j].Width) - Math.Max(boxes[i].X, boxes[j].X);
                var overlapY = Math.Min(boxes[i].Y + boxes[i].Height, boxes[j].Y + boxes[j].Height) - Math.Max(boxes[i].Y, boxes[j].Y);
                Assert.False(overlapX > 1e-6 && overlapY > 1e-6, $"boxes {i} and {j} overlap");
            }
        }
    }

    [Fact]
    public void EqualSizesComeOutNearlySquare()
    {
        var boxes = TreemapLayout.Squarify(Enumerable.Repeat(1L, 16).ToArray(), new TreemapLayout.Box(0, 0, 400, 400));
        Assert.All(boxes, b => Assert.InRange(Math.Max(b.Width / b.Height, b.Height / b.Width), 1, 2));
    }
}

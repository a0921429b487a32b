namespace MemAnalyzer.Output;

/// <summary>
/// The squarified treemap layout (Bruls, Huizing and van Wijk): sizes, largest first, fill a rectangle row by row so that
/// the rectangles stay close to squares. Each rectangle's area is its share of the sum times the area: exactly proportional.
/// </summary>
public static class TreemapLayout
{
    public readonly record struct Box(double X, double Y, double Width, double Height)
    {
        public double Area => Width * Height;
    }

    /// <summary>One box per size, in the order given (which should be largest first); zero sizes get empty boxes.</summary>
    public static Box[] Squarify(IReadOnlyList<long> sizes, Box area)
    {
        var boxes = new Box[sizes.Count];
        double total = 0;
        foreach (var size in sizes)
        {
            total += Math.Max(0, size);
        }
        if (total <= 0 || area.Area <= 0)
        {
            return boxes;
        }
        var scale = area.Area / total;
        var free = area;
        var start = 0;
        while (start < sizes.Count)
        {
            var side = Math.Min(free.Width, free.Height);
            var end = start + 1;
            var worst = Worst(sizes, start, end, scale, side);
            while (end < sizes.Count)
            {
                var next = Worst(sizes, start, end + 1, scale, side);
                if (next > worst)
                {
                    break;
                }
                worst = next;
                end++;
            }
            free = Place(sizes, start, end, scale, free, boxes);
            start = end;
        }
        return boxes;
    }

    /// <summary>The worst aspect ratio of sizes [start, end) laid along a side of length <paramref name="side"/>.</summary>
    private static double Worst(IReadOnlyList<long> sizes, int start, int end, double scale, double side)
    {
        double sum = 0, max = 0, min = double.MaxValue;
        for (var i = start; i < end; i++)
        {
            var a = Math.Max(0, sizes[i]) * scale;
            sum += a;
            max = Math.Max(max, a);
            min = Math.Min(min, a);
        }
        if (sum <= 0 || min <= 0)
        {
            return min <= 0 && sum > 0 ? double.MaxValue : 0;
        }
        var s2 = side * side;
        return Math.Max(s2 * max / (sum * sum), sum * sum / (s2 * min));
    }

    /// <summary>Lays sizes [start, end) as one strip along the shorter side of <paramref name="free"/>; returns what is left.</summary>
    private static Box Place(IReadOnlyList<long> sizes, int start, int end, double scale, Box free, Box[] boxes)
    {
        double sum = 0;
        for (var i = start; i < end; i++)
        {
            sum += Math.Max(0, sizes[i]) * scale;
        }
        var alongWidth = free.Width >= free.Height;
        // The strip's thickness: its area over the side it lies along.
        var thickness = alongWidth ? sum / free.Height : sum / free.Width;
        var offset = 0.0;
        for (var i = start; i < end; i++)
        {
            var a = Math.Max(0, sizes[i]) * scale;
            var length = thickness <= 0 ? 0 : a / thickness;
            boxes[i] = alongWidth
                ? new Box(free.X, free.Y + offset, thickness, length)
                : new Box(free.X + offset, free.Y, length, thickness);
            offset += length;
        }
        return alongWidth
            ? new Box(free.X + thickness, free.Y, Math.Max(0, free.Width - thickness), free.Height)
            : new Box(free.X, free.Y + thickness, free.Width, Math.Max(0, free.Height - thickness));
    }
}

namespace MemAnalyzer.Trend;

/// <summary>
/// The Theil–Sen slope: the median of the slopes between every pair of points. One outlier iteration (a GC that ran
/// late, a cache that filled once) cannot tilt it, unlike a least-squares fit.
/// </summary>
public static class RobustSlope
{
    /// <summary>Above this many points only pairs half the series apart are used, which keeps the cost linear.</summary>
    public const int ExactPairsUpTo = 300;

    /// <param name="points">(iteration index, value) in increasing index order.</param>
    public static double TheilSen(IReadOnlyList<(int X, double Y)> points)
    {
        if (points.Count < 2)
        {
            return 0;
        }
        var slopes = new List<double>();
        if (points.Count <= ExactPairsUpTo)
        {
            for (var i = 0; i < points.Count; i++)
            {
                for (var j = i + 1; j < points.Count; j++)
                {
                    slopes.Add((points[j].Y - points[i].Y) / (points[j].X - points[i].X));
                }
            }
        }
        else
        {
            var half = points.Count / 2;
            for (var i = 0; i + half < points.Count; i++)
            {
                slopes.Add((points[i + half].Y - points[i].Y) / (points[i + half].X - points[i].X));
            }
        }
        slopes.Sort();
        var middle = slopes.Count / 2;
        return slopes.Count % 2 == 1 ? slopes[middle] : (slopes[middle - 1] + slopes[middle]) / 2;
    }
}

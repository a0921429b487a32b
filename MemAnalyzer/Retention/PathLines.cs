namespace MemAnalyzer.Retention;

/// <summary>
/// The lines of one root path query: the instances' chains merged by shape (how often a run repeats left out), and
/// shapes that differ only in which runs they have merged into one line (an instance without a run went through it
/// zero times), so one owner, such as a hash chain or a linked list, is one line whose counts add up.
/// </summary>
internal sealed class PathLines(PathChains chains)
{
    private readonly Dictionary<int, (long Count, long Bytes, int First)> _perChain = [];
    private readonly List<Line> _lines = [];
    private readonly Dictionary<int, int> _lineOfChain = [];

    public int Count => _lines.Count;

    // The chain added last, counted apart until another comes: instances in address order mostly share their
    // neighbour's chain (an array's elements), so most adds need no dictionary.
    private (int Chain, long Count, long Bytes, int First) _last;

    public void Add(int chain, int obj, long bytes)
    {
        if (_last.Chain == chain && _last.Count > 0)
        {
            _last = (chain, _last.Count + 1, _last.Bytes + bytes, _last.First);
            return;
        }
        Flush();
        var (count, total, first) = _perChain.GetValueOrDefault(chain, (0, 0, obj));
        _last = (chain, count + 1, total + bytes, first);
    }

    private void Flush()
    {
        if (_last.Count > 0)
        {
            _perChain[_last.Chain] = (_last.Count, _last.Bytes, _last.First);
            _last = default;
        }
    }

    /// <summary>The line of an instance's chain, once <see cref="Merge"/> has run.</summary>
    public int LineOf(int chain) => _lineOfChain[chain];

    public void AddRetained(int line, long bytes) => _lines[line].Retained += bytes;

    /// <summary>Groups the chains into lines: by shape, then shapes of one base whose runs agree into one line.</summary>
    public void Merge()
    {
        Flush();
        var shapes = _perChain.Keys.GroupBy(chains.ShapeOf).ToList();
        foreach (var sameBase in shapes.GroupBy(s => chains.BaseOf(s.Key)))
        {
            var withRuns = sameBase.Select(s => (Shape: s.Key, Chains: s.ToList(), Runs: chains.RunsOf(s.Key)))
                .OrderByDescending(s => s.Runs.Count).ThenBy(s => s.Shape).ToList();
            var first = _lines.Count;
            foreach (var shape in withRuns)
            {
                var line = _lines.Skip(first).FirstOrDefault(l => shape.Runs.All(r => !l.Runs.TryGetValue(r.Key, out var field) || field == r.Value));
                if (line is null)
                {
                    line = new Line(shape.Shape, []);
                    _lines.Add(line);
                }
                foreach (var run in shape.Runs)
                {
                    line.Runs[run.Key] = run.Value;
                }
                foreach (var chain in shape.Chains)
                {
                    var (count, bytes, firstObject) = _perChain[chain];
                    line.Chains.Add(chain);
                    line.Count += count;
                    line.Bytes += bytes;
                    line.First = Math.Min(line.First, firstObject);
                }
            }
            for (var l = first; l < _lines.Count; l++)
            {
                foreach (var chain in _lines[l].Chains)
                {
                    _lineOfChain[chain] = l;
                }
            }
        }
    }

    /// <summary>
    /// The <paramref name="count"/> lines with most instances, then bytes, then shorter chain, then lowest object number;
    /// each run with the fewest and most repetitions its instances went through.
    /// </summary>
    public List<RootPath> Top(int count, ObjectGraph graph, bool withRetained) =>
        [.. _lines
            .OrderByDescending(l => l.Count).ThenByDescending(l => l.Bytes)
            .ThenBy(l => chains.BaseLength(l.Shape)).ThenBy(l => l.First)
            .Take(count)
            .Select(l =>
            {
                var (rootName, steps) = chains.Describe(l.Shape, Ranges(l), graph.TypeNames);
                return new RootPath(graph.RootNames[rootName], steps, l.Count, l.Bytes, withRetained ? l.Retained : null) { Example = l.First };
            })];

    private Dictionary<int, (int Field, int Min, int Max)> Ranges(Line line)
    {
        var ranges = line.Runs.ToDictionary(r => r.Key, r => (Field: r.Value, Min: int.MaxValue, Max: 0));
        if (ranges.Count == 0)
        {
            return ranges;
        }
        foreach (var chain in line.Chains)
        {
            var counts = chains.CountsOf(chain);
            foreach (var position in line.Runs.Keys)
            {
                var range = ranges[position];
                var repeats = counts.GetValueOrDefault(position);
                ranges[position] = (range.Field, Math.Min(range.Min, repeats), Math.Max(range.Max, repeats));
            }
        }
        return ranges;
    }

    private sealed class Line(int shape, Dictionary<int, int> runs)
    {
        public int Shape { get; } = shape;

        /// <summary>Per base position, the field its run goes through.</summary>
        public Dictionary<int, int> Runs { get; } = runs;

        public List<int> Chains { get; } = [];

        public long Count { get; set; }

        public long Bytes { get; set; }

        public long Retained { get; set; }

        public int First { get; set; } = int.MaxValue;
    }
}

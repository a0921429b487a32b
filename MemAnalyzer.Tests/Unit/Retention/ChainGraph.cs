namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>
/// Seeded random graphs shaped like heaps: chains of single-referrer objects whose ends reference shared objects, with
/// deep chains, diamonds, cycles, self references, duplicate references and unreachable parts (lone chains and cycles
/// of single-referrer objects nothing outside references). Plain adjacency lists: <see cref="NaiveDominators"/> reads
/// them without the product's graph.
/// </summary>
internal sealed record ChainGraph(int Count, List<int>[] References, List<int> Roots, int[] Sizes, int[] Types)
{
    public static ChainGraph Random(int seed)
    {
        var random = new Random(seed);
        var count = random.Next(8) == 0 ? random.Next(100, 301) : random.Next(1, 61);
        var references = Enumerable.Range(0, count).Select(_ => new List<int>()).ToArray();
        var roots = new List<int>();
        var order = Enumerable.Range(0, count).OrderBy(_ => random.Next()).ToArray();
        // Deep chains now and then: one chain may take every object.
        var maxLength = random.Next(4) == 0 ? count : random.Next(1, 8);
        var heads = new List<int>();
        var tails = new List<int>();
        for (var at = 0; at < count;)
        {
            var length = Math.Min(count - at, random.Next(1, maxLength + 1));
            for (var i = at; i < at + length - 1; i++)
            {
                references[order[i]].Add(order[i + 1]);
            }
            heads.Add(order[at]);
            tails.Add(order[at + length - 1]);
            at += length;
        }
        for (var c = 0; c < heads.Count; c++)
        {
            switch (random.Next(20))
            {
                case < 4:
                    roots.Add(heads[c]);
                    break;
                case < 5:
                    // Nothing references this chain: unreachable, or a single-referrer cycle when its tail closes it.
                    if (random.Next(2) == 0)
                    {
                        references[tails[c]].Add(heads[c]);
                    }
                    break;
                default:
                    references[random.Next(count)].Add(heads[c]);
                    break;
            }
            // The chain's end feeds shared objects: other chains' heads, which get two referrers or more.
            for (var f = random.Next(3); f > 0; f--)
            {
                references[tails[c]].Add(heads[random.Next(heads.Count)]);
            }
        }
        for (var extra = random.Next(count / 4 + 1); extra > 0; extra--)
        {
            var from = random.Next(count);
            switch (random.Next(4))
            {
                case 0:
                    references[from].Add(from);
                    break;
                case 1 when references[from].Count > 0:
                    references[from].Add(references[from][0]);
                    break;
                default:
                    // A diamond or a back reference into the middle of a chain.
                    references[from].Add(random.Next(count));
                    break;
            }
        }
        if (random.Next(10) == 0 && count > 0)
        {
            roots.Add(roots.Count > 0 ? roots[0] : random.Next(count));
        }
        var sizes = Enumerable.Range(0, count).Select(_ => random.Next(1, 1000)).ToArray();
        var typeCount = random.Next(1, 4);
        var types = Enumerable.Range(0, count).Select(_ => random.Next(typeCount)).ToArray();
        return new ChainGraph(count, references, roots, sizes, types);
    }

    /// <summary>The product's graph of these objects (the oracle never reads it), with each object's size in <paramref name="sizes"/> or <see cref="Sizes"/>.</summary>
    public MemAnalyzer.Retention.ObjectGraph ToProductGraph(uint[]? sizes = null)
    {
        var builder = new MemAnalyzer.Retention.ObjectGraphBuilder(Count);
        var typeCount = Types.DefaultIfEmpty(0).Max() + 1;
        var types = Enumerable.Range(0, typeCount).Select(t => builder.AddType("T" + t)).ToArray();
        for (var obj = 0; obj < Count; obj++)
        {
            builder.AddObject(AddressOf(obj), sizes?[obj] ?? (uint)Sizes[obj], types[Types[obj]]);
            foreach (var target in References[obj])
            {
                builder.AddReference(AddressOf(target));
            }
        }
        foreach (var root in Roots)
        {
            builder.AddRoot(AddressOf(root), MemAnalyzer.Retention.RootKind.Static, "static s_" + root);
        }
        return builder.Build();
    }

    public static ulong AddressOf(int obj) => 0x7f00_0000_0000UL + (32UL * (ulong)obj);
}

using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>Seeded random graphs as plain lists, for comparisons with <see cref="BruteForce"/>; Build() gives the product's graph.</summary>
internal static class RandomGraphs
{
    /// <summary>Any shape: cycles, self references, shared children, several roots, unreachable parts, dangling references.</summary>
    public static ObjectGraph General(int seed) => GeneralPlain(seed).Build();

    /// <inheritdoc cref="General"/>
    public static PlainGraph GeneralPlain(int seed)
    {
        var random = new Random(seed);
        var count = random.Next(1, 61);
        var types = random.Next(1, 5);
        var maxDegree = random.Next(1, 5);
        var addresses = Addresses(random, count);
        var sizes = new long[count];
        var typeOf = new int[count];
        var references = Enumerable.Range(0, count).Select(_ => new List<int>()).ToArray();
        for (var i = 0; i < count; i++)
        {
            sizes[i] = random.Next(1, 1000);
            typeOf[i] = random.Next(types);
            var degree = random.Next(maxDegree + 1);
            for (var e = 0; e < degree; e++)
            {
                // Now and then a reference to no object (between two objects), which the builder drops.
                references[i].Add(random.Next(20) == 0 ? ~random.Next(count) : random.Next(count));
            }
        }
        var roots = new List<RootEntry>();
        for (var r = random.Next(1, 4); r > 0; r--)
        {
            roots.Add(new RootEntry(random.Next(count), (RootKind)random.Next(3), "root " + random.Next(3)));
        }
        return new PlainGraph(addresses, sizes, typeOf, TypeNames(types), references, roots);
    }

    /// <summary>A forest: every object has at most one referrer, and the roots hold the objects that have none.</summary>
    public static PlainGraph Forest(int seed)
    {
        var random = new Random(seed);
        var count = random.Next(1, 61);
        var types = random.Next(1, 4);
        var parents = new int[count];
        for (var i = 0; i < count; i++)
        {
            parents[i] = i == 0 || random.Next(8) == 0 ? -1 : random.Next(i);
        }
        var addresses = Addresses(random, count);
        var sizes = new long[count];
        var typeOf = new int[count];
        var references = Enumerable.Range(0, count).Select(_ => new List<int>()).ToArray();
        var roots = new List<RootEntry>();
        for (var i = 0; i < count; i++)
        {
            sizes[i] = random.Next(1, 1000);
            typeOf[i] = random.Next(types);
            references[i].AddRange(Enumerable.Range(i + 1, count - i - 1).Where(child => parents[child] == i));
            if (parents[i] < 0)
            {
                roots.Add(new RootEntry(i, RootKind.Static, "static s_" + i));
            }
        }
        return new PlainGraph(addresses, sizes, typeOf, TypeNames(types), references, roots);
    }

    private static string[] TypeNames(int types) => [.. Enumerable.Range(0, types).Select(t => "T" + t)];

    private static ulong[] Addresses(Random random, int count)
    {
        var addresses = new ulong[count];
        var address = 0x7f00_0000_0000UL;
        for (var i = 0; i < count; i++)
        {
            address += 24 + (8 * (ulong)random.Next(1000));
            addresses[i] = address;
        }
        return addresses;
    }
}

using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>Seeded random graphs for comparisons with <see cref="BruteForce"/>.</summary>
internal static class RandomGraphs
{
    /// <summary>Any shape: cycles, self references, shared children, several roots, unreachable parts, dangling references.</summary>
    public static ObjectGraph General(int seed)
    {
        var random = new Random(seed);
        var count = random.Next(1, 61);
        var types = random.Next(1, 5);
        var maxDegree = random.Next(1, 5);
        var builder = new ObjectGraphBuilder(count);
        var typeIndexes = Enumerable.Range(0, types).Select(t => builder.AddType("T" + t)).ToArray();
        var addresses = Addresses(random, count);
        for (var i = 0; i < count; i++)
        {
            builder.AddObject(addresses[i], random.Next(1, 1000), typeIndexes[random.Next(types)]);
            var degree = random.Next(maxDegree + 1);
            for (var e = 0; e < degree; e++)
            {
                // Now and then a reference to no object (between two objects), which the builder drops.
                builder.AddReference(random.Next(20) == 0 ? addresses[random.Next(count)] + 8 : addresses[random.Next(count)]);
            }
        }
        var roots = random.Next(1, 4);
        for (var r = 0; r < roots; r++)
        {
            builder.AddRoot(addresses[random.Next(count)], (RootKind)random.Next(3), "root " + random.Next(3));
        }
        return builder.Build();
    }

    /// <summary>A forest: every object has at most one referrer, and the roots hold the objects that have none.</summary>
    public static ObjectGraph Forest(int seed)
    {
        var random = new Random(seed);
        var count = random.Next(1, 61);
        var types = random.Next(1, 4);
        var parents = new int[count];
        for (var i = 0; i < count; i++)
        {
            parents[i] = i == 0 || random.Next(8) == 0 ? -1 : random.Next(i);
        }
        var builder = new ObjectGraphBuilder(count);
        var typeIndexes = Enumerable.Range(0, types).Select(t => builder.AddType("T" + t)).ToArray();
        var addresses = Addresses(random, count);
        for (var i = 0; i < count; i++)
        {
            builder.AddObject(addresses[i], random.Next(1, 1000), typeIndexes[random.Next(types)]);
            for (var child = i + 1; child < count; child++)
            {
                if (parents[child] == i)
                {
                    builder.AddReference(addresses[child]);
                }
            }
            if (parents[i] < 0)
            {
                builder.AddRoot(addresses[i], RootKind.Static, "static s_" + i);
            }
        }
        return builder.Build();
    }

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

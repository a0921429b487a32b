using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>The graph keeps one size per type whose instances all have it, and the sizes of the others per object.</summary>
public sealed class ObjectSizesTests
{
    [Fact]
    public void EveryObjectGetsBackItsSizeWhetherItsTypeHasOneSizeOrVariesOrIsOver4GiB()
    {
        var builder = new ObjectGraphBuilder();
        var fixedType = builder.AddType("Fixed");
        var varying = builder.AddType("Varying[]");
        var huge = builder.AddType("Huge[]");
        List<long> sizes = [];
        ulong address = 0x1000;
        void Add(long size, int type)
        {
            builder.AddObject(address, size, type);
            sizes.Add(size);
            address += 0x100;
        }
        for (var i = 0; i < 20; i++)
        {
            Add(24, fixedType);
            if (i % 5 == 0)
            {
                Add(32 + 8 * i, varying);
            }
        }
        Add(6L << 30, huge);
        Add((6L << 30) + 8, huge);
        var graph = builder.Build();
        Assert.Equal(sizes, Enumerable.Range(0, graph.Count).Select(graph.SizeOf));
    }

    [Fact]
    public void WhenMostObjectsVaryInSizeEachStillGetsBackItsOwn()
    {
        var builder = new ObjectGraphBuilder();
        var type = builder.AddType("System.String");
        var other = builder.AddType("Fixed");
        for (var i = 0; i < 30; i++)
        {
            builder.AddObject(0x1000 + (ulong)i * 0x100, i % 3 == 0 ? 24 : 40 + i, i % 3 == 0 ? other : type);
        }
        var graph = builder.Build();
        Assert.Equal(Enumerable.Range(0, 30).Select(i => i % 3 == 0 ? 24L : 40 + i), Enumerable.Range(0, 30).Select(graph.SizeOf));
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void OverManyWordsOfTheirBitsEachObjectOfAnotherSizeIsFoundByItsRankWhateverTheOrderOfTheLookups(int seed)
    {
        // 1,000 objects of three types, about a third of another size than their type's first, set apart at random
        // (whole 64-object words of none, words of all, the first and last object of a word): every size comes back,
        // looked up in a random order as the dominator tree does.
        var random = new Random(seed);
        var types = new int[1000];
        var sizes = new uint[1000];
        for (var obj = 0; obj < types.Length; obj++)
        {
            types[obj] = random.Next(3);
            var odd = obj is >= 128 and < 192 || (obj is not (>= 256 and < 320) && random.Next(3) == 0) || obj is 63 or 64 or 999;
            sizes[obj] = odd ? 100 + (uint)(8 * obj) : 24 + (uint)(8 * types[obj]);
        }
        for (var type = 0; type < 3; type++)
        {
            // Each type's first object has the type's size, so that the odd ones are kept apart.
            var first = Array.IndexOf(types, type);
            sizes[first] = 24 + (uint)(8 * type);
        }
        var kept = new ObjectSizes(sizes, types, 3, new Dictionary<int, long>());
        Assert.Null(kept.All);
        Assert.InRange(kept.Others.Objects.Length, 300, 500);
        var order = Enumerable.Range(0, types.Length).ToArray();
        random.Shuffle(order);
        Assert.Equal(order.Select(obj => (long)sizes[obj]), order.Select(kept.SizeOf));
    }
}

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
}

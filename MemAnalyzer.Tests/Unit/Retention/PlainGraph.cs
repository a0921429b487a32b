using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>
/// A small graph as plain lists: object i at Addresses[i] (ascending), of Sizes[i] bytes and type Types[i] (a type number
/// in order of first use), referencing References[i] (object numbers; ~j for a reference to no object, 8 bytes past
/// object j), held by Roots. <see cref="BruteForce"/> reads these lists; the product reads the <see cref="ObjectGraph"/>
/// <see cref="Build"/> feeds its builder from them, so a builder bug cannot hide in the oracle too.
/// </summary>
internal sealed record PlainGraph(ulong[] Addresses, long[] Sizes, int[] Types, string[] TypeNames, List<int>[] References, List<RootEntry> Roots)
{
    public int Count => Sizes.Length;

    public ObjectGraph Build()
    {
        var builder = new ObjectGraphBuilder(Count);
        var types = TypeNames.Select(builder.AddType).ToArray();
        for (var i = 0; i < Count; i++)
        {
            builder.AddObject(Addresses[i], Sizes[i], types[Types[i]]);
            foreach (var target in References[i])
            {
                builder.AddReference(target >= 0 ? Addresses[target] : Addresses[~target] + 8);
            }
        }
        foreach (var root in Roots)
        {
            builder.AddRoot(Addresses[root.Object], root.Kind, root.Description);
        }
        return builder.Build();
    }
}

using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>
/// A small graph written by hand: named objects in object-number order, edges "A>B", roots by name. By default each
/// object is its own type (its name) and object i is 2^i bytes, so every sum of sizes tells which objects it counts.
/// </summary>
internal sealed class HandGraph
{
    private readonly Dictionary<string, int> _ids;

    private HandGraph(ObjectGraph graph, Dictionary<string, int> ids)
    {
        Graph = graph;
        _ids = ids;
    }

    public ObjectGraph Graph { get; }

    public int this[string name] => _ids[name];

    public static HandGraph Parse(string objects, string edges, string roots, Func<string, string>? typeOf = null, Func<string, int, long>? sizeOf = null,
        Func<string, RootName>? rootOf = null)
    {
        var names = Split(objects);
        var builder = new ObjectGraphBuilder(names.Length);
        var ids = new Dictionary<string, int>(StringComparer.Ordinal);
        var references = Split(edges).Select(e => e.Split('>')).ToLookup(e => e[0], e => e[1]);
        for (var i = 0; i < names.Length; i++)
        {
            var type = builder.AddType(typeOf?.Invoke(names[i]) ?? names[i]);
            ids[names[i]] = builder.AddObject(Address(i), sizeOf?.Invoke(names[i], i) ?? 1L << i, type);
            foreach (var target in references[names[i]])
            {
                builder.AddReference(Address(IndexOf(names, target)));
            }
        }
        foreach (var root in Split(roots))
        {
            var name = rootOf?.Invoke(root) ?? new RootName(RootKind.StrongHandle, "root " + root);
            builder.AddRoot(Address(IndexOf(names, root)), name.Kind, name.Description);
        }
        return new HandGraph(builder.Build(), ids);
    }

    /// <summary>The bytes of the named objects with the default sizes (2^i for object i).</summary>
    public long Bytes(string objects) => Split(objects).Sum(name => 1L << _ids[name]);

    public int Type(string name) => Graph.TypeIndex[_ids[name]];

    public string Name(int obj) => _ids.First(p => p.Value == obj).Key;

    private static int IndexOf(string[] names, string name)
    {
        var index = Array.IndexOf(names, name);
        return index >= 0 ? index : throw new ArgumentException($"'{name}' is not among the objects");
    }

    private static ulong Address(int index) => 0x1000UL + (0x40UL * (ulong)index);

    private static string[] Split(string text) => text.Split(' ', StringSplitOptions.RemoveEmptyEntries);
}

using MemAnalyzer.Retention;

namespace MemAnalyzer.Tests.Unit.Retention;

/// <summary>
/// A small graph written by hand: named objects in object-number order, edges "A>B", roots by name. By default each
/// object is its own type (its name) and object i is 2^i bytes, so every sum of sizes tells which objects it counts.
/// <see cref="Plain"/> holds the same graph as plain lists for <see cref="BruteForce"/>; <see cref="Graph"/> is the product's.
/// </summary>
internal sealed class HandGraph
{
    private readonly Dictionary<string, int> _ids;

    private HandGraph(PlainGraph plain, Dictionary<string, int> ids)
    {
        Plain = plain;
        Graph = plain.Build();
        _ids = ids;
    }

    public PlainGraph Plain { get; }

    public ObjectGraph Graph { get; }

    /// <summary>The object number of a name: its place in the list of objects.</summary>
    public int this[string name] => _ids[name];

    public static HandGraph Parse(string objects, string edges, string roots, Func<string, string>? typeOf = null, Func<string, int, long>? sizeOf = null,
        Func<string, RootName>? rootOf = null)
    {
        var names = Split(objects);
        var ids = names.Select((name, i) => (name, i)).ToDictionary(p => p.name, p => p.i, StringComparer.Ordinal);
        var typeNames = names.Select(name => typeOf?.Invoke(name) ?? name).ToArray();
        var distinctTypes = typeNames.Distinct(StringComparer.Ordinal).ToArray();
        var references = Split(edges).Select(e => e.Split('>')).ToLookup(e => e[0], e => IndexOf(names, e[1]));
        var plain = new PlainGraph(
            [.. names.Select((_, i) => Address(i))],
            [.. names.Select((name, i) => sizeOf?.Invoke(name, i) ?? 1L << i)],
            [.. typeNames.Select(t => Array.IndexOf(distinctTypes, t))],
            distinctTypes,
            [.. names.Select(name => references[name].ToList())],
            [.. Split(roots).Select(root =>
            {
                var name = rootOf?.Invoke(root) ?? new RootName(RootKind.StrongHandle, "root " + root);
                return new RootEntry(IndexOf(names, root), name.Kind, name.Description);
            })]);
        return new HandGraph(plain, ids);
    }

    /// <summary>The bytes of the named objects with the default sizes (2^i for object i).</summary>
    public long Bytes(string objects) => Split(objects).Sum(name => 1L << _ids[name]);

    /// <summary>The type number of the named object (the same in <see cref="Plain"/> and <see cref="Graph"/>: types are added in order of first use).</summary>
    public int Type(string name) => Plain.Types[_ids[name]];

    public string Name(int obj) => _ids.First(p => p.Value == obj).Key;

    private static int IndexOf(string[] names, string name)
    {
        var index = Array.IndexOf(names, name);
        return index >= 0 ? index : throw new ArgumentException($"'{name}' is not among the objects");
    }

    private static ulong Address(int index) => 0x1000UL + (0x40UL * (ulong)index);

    private static string[] Split(string text) => text.Split(' ', StringSplitOptions.RemoveEmptyEntries);
}

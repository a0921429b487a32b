using System.Globalization;
using System.Runtime.CompilerServices;

namespace MemAnalyzer.TestTargets.LeakyApp;

/// <summary>
/// The "manytypes" mode: thousands of distinct generic instantiations (each its own MethodTable, with reference,
/// value-type and struct-with-reference fields, so their GC descriptors differ), arrays of structs holding references
/// (the repeating GC descriptor), large and pinned arrays, duplicate strings, and a share of unreachable objects.
/// It exercises everything a raw heap walk must get right. Usage: LeakyApp manytypes [--types N] [--per-type M].
/// </summary>
public static class ManyTypesScenario
{
    // 18 type arguments: 18^3 = 5,832 distinct Holder<,,> instantiations at most.
    private static readonly Type[] s_arguments =
    [
        typeof(byte), typeof(short), typeof(int), typeof(long), typeof(double), typeof(decimal), typeof(Guid),
        typeof(string), typeof(object), typeof(int[]), typeof(KeyValuePair<string, int>), typeof(KeyValuePair<long, object>),
        typeof(ValueTuple<byte, string>), typeof(DateTime), typeof(char), typeof(Version), typeof(Uri), typeof(bool),
    ];

    private static readonly string[] s_labels = Enumerable.Range(0, 64).Select(i => "label " + i.ToString(CultureInfo.InvariantCulture)).ToArray();
    private static object[]? s_live;
    private static List<Type>? s_types;
    private static object[]? s_large;

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void Build(string[] args)
    {
        var typeCount = Option(args, "--types", ExpectedCounts.ManyTypesDefaultTypes);
        var perType = Option(args, "--per-type", ExpectedCounts.ManyTypesDefaultPerType);
        var types = new List<Type>(typeCount);
        for (var i = 0; i < s_arguments.Length && types.Count < typeCount; i++)
        {
            for (var j = 0; j < s_arguments.Length && types.Count < typeCount; j++)
            {
                for (var k = 0; k < s_arguments.Length && types.Count < typeCount; k++)
                {
                    types.Add(typeof(Holder<,,>).MakeGenericType(s_arguments[i], s_arguments[j], s_arguments[k]));
                }
            }
        }

        var live = new object[types.Count * perType];
        var next = 0;
        foreach (var type in types)
        {
            IHolder? previous = null;
            for (var n = 0; n < perType; n++)
            {
                var holder = (IHolder)Activator.CreateInstance(type)!;
                // Chains of holders: the mark phase must follow references, not only roots.
                holder.Link(previous, s_labels[n & 63], n);
                live[next++] = holder;
                previous = holder;
            }
        }
        s_live = live;
        s_types = types;

        // Large object heap (arrays of references, of structs holding references, of primitives) and pinned object heap.
        var pairs = new KeyValuePair<string, object>[100_000];
        for (var i = 0; i < pairs.Length; i++)
        {
            pairs[i] = new KeyValuePair<string, object>(s_labels[i & 63], i % 3 == 0 ? new Version(1, i) : s_labels[i & 31]);
        }
        var duplicates = new string[50_000];
        for (var i = 0; i < duplicates.Length; i++)
        {
            // Equal values, separate objects: duplicate strings.
            duplicates[i] = string.Concat("duplicate ", (i % 100).ToString(CultureInfo.InvariantCulture));
        }
        s_large =
        [
            pairs,
            duplicates,
            new byte[4 * 1024 * 1024],
            new double[300_000],
            GC.AllocateArray<long>(50_000, pinned: true),
            GC.AllocateArray<byte>(100_000, pinned: true),
            new object[200_000],
        ];
    }

    /// <summary>After the forced GC: unreachable holders of every type (a quarter as many as the reachable ones) and a large array.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void PlantGarbage(string[] args)
    {
        var perType = Option(args, "--per-type", ExpectedCounts.ManyTypesDefaultPerType);
        foreach (var type in s_types!)
        {
            for (var n = 0; n < perType / 4; n++)
            {
                ((IHolder)Activator.CreateInstance(type)!).Link(null, s_labels[n & 63], n);
            }
        }
        _ = new KeyValuePair<string, object>[20_000];
    }

    private static int Option(string[] args, string name, int fallback)
    {
        for (var i = 1; i < args.Length - 1; i++)
        {
            if (args[i] == name)
            {
                return int.Parse(args[i + 1], CultureInfo.InvariantCulture);
            }
        }
        return fallback;
    }

    private interface IHolder
    {
        void Link(IHolder? previous, string label, int value);
    }

    private sealed class Holder<T1, T2, T3> : IHolder
    {
        public T1? First;
        public T2? Second;
        public T3? Third;
        public IHolder? Previous;
        public string? Label;
        public T1[]? Values;

        public void Link(IHolder? previous, string label, int value)
        {
            Previous = previous;
            Label = label;
            // Reference-typed arguments get a real object to point at where one fits.
            First = label is T1 first ? first : default;
            Second = previous is T2 second ? second : default;
            Third = label is T3 third ? third : default;
            if ((value & 7) == 0)
            {
                Values = new T1[value & 15];
            }
        }
    }
}

using System.Globalization;
using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Inspections;

/// <summary>
/// Primitive arrays whose content is waste, from what <see cref="ArrayContents"/> kept on the walk: zero-filled arrays
/// by type, constant-filled ones by type and value (their bytes: the arrays), and duplicate arrays by type: arrays of
/// one type and length with one content hash, confirmed by comparing their bytes (their bytes: every copy but the first).
/// </summary>
internal static class ArrayFindings
{
    public static IEnumerable<Finding> Constant(MethodTableInfoTable table, ArrayContents arrays, int minGroup)
    {
        var groups = new Dictionary<(string Name, ulong Value), Group>();
        foreach (var array in arrays.Constant)
        {
            var name = table.TypeAt(array.Index).Name ?? "?";
            var key = (name, array.Value);
            var group = groups.TryGetValue(key, out var known) ? known : groups[key] = new Group { MinLength = array.Length, Value = Text(table.TypeAt(array.Index), array.Value) };
            group.Add(array.Address, array.Size, array.Length);
        }
        return groups.Where(g => g.Value.Count >= minGroup)
            .Select(g => g.Key.Value == 0
                ? new Finding(InspectionNames.ZeroFilledArrays, g.Key.Name, g.Value.Lengths(), g.Value.Count, g.Value.Bytes, g.Value.Example)
                : new Finding(InspectionNames.ConstantArrays, g.Key.Name, $"value {g.Value.Value}, {g.Value.Lengths()}", g.Value.Count, g.Value.Bytes, g.Value.Example))
            .OrderByDescending(f => f.Bytes).ThenBy(f => f.Type, StringComparer.Ordinal).ThenBy(f => f.Detail, StringComparer.Ordinal);
    }

    /// <summary>One row per type whose copies beyond the first of each content number at least <paramref name="minGroup"/>.</summary>
    public static IEnumerable<Finding> Duplicates(MethodTableInfoTable table, ArrayContents arrays, int minGroup, CancellationToken cancellation)
    {
        var prints = arrays.Hashed;
        prints.Sort((a, b) => (a.Index, a.Length, a.Hash, a.Address).CompareTo((b.Index, b.Length, b.Hash, b.Address)));
        var groups = new Dictionary<string, Group>(StringComparer.Ordinal);
        var matched = new List<bool>();
        for (var start = 0; start < prints.Count;)
        {
            cancellation.ThrowIfCancellationRequested();
            var end = start + 1;
            while (end < prints.Count && (prints[end].Index, prints[end].Length, prints[end].Hash) == (prints[start].Index, prints[start].Length, prints[start].Hash))
            {
                end++;
            }
            if (end - start > 1)
            {
                Confirm(table, arrays, prints, start, end, groups, matched);
            }
            start = end;
        }
        return groups.Where(g => g.Value.Count >= minGroup)
            .Select(g => new Finding(InspectionNames.DuplicateArrays, g.Key,
                $"{g.Value.Contents:N0} contents with copies; most: {g.Value.TopCopies:N0} copies of length {g.Value.TopLength:N0}", g.Value.Count, g.Value.Bytes, g.Value.Example))
            .OrderByDescending(f => f.Bytes).ThenBy(f => f.Type, StringComparer.Ordinal);
    }

    /// <summary>The arrays [start, end) share type, length and hash: each set of equal bytes among them is one content.</summary>
    private static void Confirm(MethodTableInfoTable table, ArrayContents arrays, List<ArrayPrint> prints, int start, int end, Dictionary<string, Group> groups, List<bool> matched)
    {
        matched.Clear();
        matched.AddRange(Enumerable.Repeat(false, end - start));
        var type = table.TypeAt(prints[start].Index);
        var bytes = (long)prints[start].Length * type.ComponentSize;
        for (var first = start; first < end; first++)
        {
            if (matched[first - start])
            {
                continue;
            }
            long copies = 0, copyBytes = 0;
            for (var other = first + 1; other < end; other++)
            {
                if (!matched[other - start] && arrays.SameContent(prints[first].Address, prints[other].Address, bytes))
                {
                    matched[other - start] = true;
                    copies++;
                    copyBytes += prints[other].Size;
                }
            }
            if (copies == 0)
            {
                continue;
            }
            var name = type.Name ?? "?";
            var group = groups.TryGetValue(name, out var known) ? known : groups[name] = new Group();
            group.Contents++;
            group.Count += copies;
            group.Bytes += copyBytes;
            if (copyBytes > group.TopBytes || (copyBytes == group.TopBytes && prints[first].Address < group.Example))
            {
                (group.TopBytes, group.TopCopies, group.TopLength, group.Example) = (copyBytes, copies + 1, prints[first].Length, prints[first].Address);
            }
        }
    }

    /// <summary>A constant element as its type reads it.</summary>
    private static string Text(ClrType arrayType, ulong bits) => arrayType.Name switch
    {
        "System.SByte[]" => ((sbyte)bits).ToString(CultureInfo.InvariantCulture),
        "System.Int16[]" => ((short)bits).ToString(CultureInfo.InvariantCulture),
        "System.Int32[]" => ((int)bits).ToString(CultureInfo.InvariantCulture),
        "System.Int64[]" or "System.IntPtr[]" => ((long)bits).ToString(CultureInfo.InvariantCulture),
        "System.Single[]" => BitConverter.Int32BitsToSingle((int)bits).ToString(CultureInfo.InvariantCulture),
        "System.Double[]" => BitConverter.Int64BitsToDouble((long)bits).ToString(CultureInfo.InvariantCulture),
        "System.Boolean[]" => bits != 0 ? "true" : "false",
        "System.Char[]" => $"'{(char)bits}'",
        _ => bits.ToString(CultureInfo.InvariantCulture),
    };

    private sealed class Group
    {
        public long Count, Bytes, Contents, TopBytes, TopCopies;
        public int MinLength, MaxLength, TopLength;
        public ulong Example;
        public string Value = "";

        public void Add(ulong address, long size, int length)
        {
            Count++;
            Bytes += size;
            MinLength = Math.Min(MinLength, length);
            MaxLength = Math.Max(MaxLength, length);
            Example = Example == 0 ? address : Math.Min(Example, address);
        }

        public string Lengths() => MinLength == MaxLength ? $"length {MinLength:N0}" : $"length {MinLength:N0} to {MaxLength:N0}";
    }
}

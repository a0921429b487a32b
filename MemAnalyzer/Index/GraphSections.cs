using MemAnalyzer.Heap;
using MemAnalyzer.Retention;

namespace MemAnalyzer.Index;

/// <summary>
/// The sections of a live graph in an index file: the mark bitmap (from which the objects' numbers and addresses
/// follow), per object its type (4 bytes), the sizes as the graph keeps them, the roots and their names, per object its
/// parent on the shortest path from a root (4 bytes), the graph's warnings; then the dominator tree: per object its
/// immediate dominator (4 bytes) and retained bytes (8), and per type the retained bytes. 20 bytes per object and
/// heap/64 bytes in all; and the live type table (<see cref="LiveTableSection"/>). The references are not kept: every
/// view answers from these (root paths from the parents). A view reads only the sections it needs.
/// </summary>
internal static class GraphSections
{
    public static void WriteGraph(SectionFileWriter file, ObjectGraph graph, ObjectBitmap live, IReadOnlyList<string> warnings, RootPaths paths)
    {
        var segments = Enumerable.Range(0, live.SegmentCount).ToArray();
        file.Add("mark.segments", w =>
        {
            w.Write(segments.Length);
            foreach (var s in segments)
            {
                w.Write(live.SegmentStartAt(s));
                w.Write(live.SegmentEndAt(s));
            }
        });
        file.Add("mark.bits", segments.Select(live.SegmentBitsAt));
        file.Add("graph.types", graph.TypeIndex.Span);
        file.Add("graph.typenames", w => WriteStrings(w, graph.TypeNames));
        var sizes = graph.Sizes;
        file.Add("sizes.type", sizes.TypeSizes);
        file.Add("sizes.otherobjects", sizes.Others.Objects);
        file.Add("sizes.othersizes", sizes.Others.Sizes);
        file.Add("sizes.all", sizes.All ?? []);
        file.Add("sizes.large", w =>
        {
            w.Write(sizes.All is not null);
            w.Write(graph.LargeSizes.Count);
            foreach (var (obj, size) in graph.LargeSizes.OrderBy(p => p.Key))
            {
                w.Write(obj);
                w.Write(size);
            }
        });
        file.Add("roots.objects", graph.RootObjects);
        file.Add("roots.names", graph.RootNameIndex);
        file.Add("roots.rootnames", w =>
        {
            w.Write(graph.RootNames.Length);
            foreach (var name in graph.RootNames)
            {
                w.Write((int)name.Kind);
                w.Write(name.Description);
            }
        });
        file.Add("paths.parents", paths.Parents);
        file.Add("graph.warnings", w => WriteStrings(w, warnings));
    }

    public static void WriteLiveTable(SectionFileWriter file, Analysis.HeapSnapshot table) => LiveTableSection.Write(file, table);

    public static void WriteTree(SectionFileWriter file, DominatorTree tree)
    {
        file.Add("tree.dominators", tree.ImmediateDominators);
        file.Add("tree.retained", tree.RetainedBytes.Span);
        file.Add("tree.pertype", tree.RetainedBytesPerType);
        file.Add("tree.counts", w =>
        {
            w.Write(tree.ReachableCount);
            w.Write(tree.ReachableBytes);
        });
    }

    /// <summary>The graph kept in the file, numbered by a bitmap over <paramref name="heapSegments"/> (the open heap's); its paths and tree only when asked for.</summary>
    public static LiveGraph Read(SectionFileReader file, IReadOnlyList<Microsoft.Diagnostics.Runtime.ClrSegment> heapSegments, bool withPaths, bool withTree)
    {
        var live = ReadBitmap(file, heapSegments);
        var numbers = new MarkedObjectNumbers(live);
        var types = file.MapColumn<int>("graph.types");
        if (types.Length != numbers.Count)
        {
            throw new InvalidDataException($"the index holds {types.Length:N0} objects but its mark {numbers.Count:N0}");
        }
        var typeNames = file.Read("graph.typenames", ReadStrings);
        var (allKept, large) = file.Read("sizes.large", r =>
        {
            var all = r.ReadBoolean();
            var count = r.ReadInt32();
            var sizes = new Dictionary<int, long>(count);
            for (var i = 0; i < count; i++)
            {
                sizes[r.ReadInt32()] = r.ReadInt64();
            }
            return (all, sizes);
        });
        var sizes = allKept
            ? new ObjectSizes(file.ReadArray<uint>("sizes.all"), types, typeNames.Length, large)
            : new ObjectSizes(types, file.ReadArray<uint>("sizes.type"), (file.ReadArray<int>("sizes.otherobjects"), file.ReadArray<int>("sizes.othersizes")), large);
        var rootObjects = file.ReadArray<int>("roots.objects");
        var rootNameIndex = file.ReadArray<int>("roots.names");
        var rootNames = file.Read("roots.rootnames", r =>
        {
            var names = new RootName[r.ReadInt32()];
            for (var i = 0; i < names.Length; i++)
            {
                names[i] = new RootName((RootKind)r.ReadInt32(), r.ReadString());
            }
            return names;
        });
        var graph = ObjectGraph.WithoutReferences(numbers, sizes, types, typeNames, rootObjects, rootNameIndex, rootNames, large);
        var paths = withPaths ? RootPaths.FromParents(graph, file.MapColumn<int>("paths.parents")) : null;
        var tree = withTree ? ReadTree(file) : null;
        if (tree is not null && (tree.RetainedBytes.Length != graph.Count || tree.RetainedBytesPerType.Length != typeNames.Length))
        {
            throw new InvalidDataException("the index's dominator tree does not fit its graph");
        }
        return new LiveGraph(graph, live, file.Read("graph.warnings", ReadStrings), tree, paths) { LiveTable = LiveTableSection.Read(file) };
    }

    private static DominatorTree ReadTree(SectionFileReader file)
    {
        var (reachable, reachableBytes) = file.Read("tree.counts", r => (r.ReadInt32(), r.ReadInt64()));
        return DominatorTree.FromParts(file.MapColumn<int>("tree.dominators"), file.MapColumn<long>("tree.retained"),
            file.ReadArray<long>("tree.pertype"), reachable, reachableBytes);
    }

    /// <summary>The live type table, the type names and the retained bytes per type, and the mark when asked for: none of the per-object arrays.</summary>
    public static RetainedTypeTotals ReadTotals(SectionFileReader file, IReadOnlyList<Microsoft.Diagnostics.Runtime.ClrSegment> heapSegments, bool withMark)
    {
        var live = withMark ? ReadBitmap(file, heapSegments) : null;
        var typeNames = file.Read("graph.typenames", ReadStrings);
        var perType = file.ReadArray<long>("tree.pertype");
        if (perType.Length != typeNames.Length)
        {
            throw new InvalidDataException("the index's retained bytes per type do not fit its types");
        }
        return new RetainedTypeTotals(live, typeNames, perType, file.Read("graph.warnings", ReadStrings), LiveTableSection.Read(file));
    }

    private static ObjectBitmap ReadBitmap(SectionFileReader file, IReadOnlyList<Microsoft.Diagnostics.Runtime.ClrSegment> heapSegments)
    {
        var live = new ObjectBitmap(heapSegments);
        var kept = file.Read("mark.segments", r =>
        {
            var ranges = new (ulong Start, ulong End)[r.ReadInt32()];
            for (var i = 0; i < ranges.Length; i++)
            {
                ranges[i] = (r.ReadUInt64(), r.ReadUInt64());
            }
            return ranges;
        });
        if (kept.Length != live.SegmentCount || kept.Where((range, s) => range != (live.SegmentStartAt(s), live.SegmentEndAt(s))).Any())
        {
            throw new InvalidDataException("the index's heap segments are not the dump's");
        }
        // Read straight into the bitmap's segments: no copy of the whole mark (heap/64 bytes).
        var segments = Enumerable.Range(0, live.SegmentCount).Select(live.SegmentBitsAt).ToArray();
        var words = segments.Sum(s => (long)s.Length);
        var read = file.ReadInto("mark.bits", segments);
        return read == words ? live
            : throw new InvalidDataException($"the index's mark is {(read < words ? "shorter" : "longer")} than the dump's heap");
    }

    private static void WriteStrings(BinaryWriter writer, IReadOnlyList<string> strings)
    {
        writer.Write(strings.Count);
        foreach (var s in strings)
        {
            writer.Write(s);
        }
    }

    private static string[] ReadStrings(BinaryReader reader)
    {
        var strings = new string[reader.ReadInt32()];
        for (var i = 0; i < strings.Length; i++)
        {
            strings[i] = reader.ReadString();
        }
        return strings;
    }
}

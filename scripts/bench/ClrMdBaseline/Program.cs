using System.Diagnostics;
using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;
using Microsoft.Diagnostics.Runtime;

// Usage:
//   ClrMdBaseline stat <dump> [-live]          per-type "count<TAB>bytes<TAB>name" on stdout, walk seconds on stderr
//   ClrMdBaseline compare <baseline.tsv> <memanalyzer-output.txt>   exit 0 if every type's count and bytes are equal
//   ClrMdBaseline types <dump>                  seconds ClrMD needs to resolve every MethodTable on the heap to a named
//                                               ClrType (the per-type cost every ClrMD-based tool pays, MemAnalyzer too)
// The walk is what dotnet-dump's "dumpheap -stat" and "-stat -live" do (DumpHeapService, LiveObjectService):
// every object through ClrHeap.EnumerateObjects, aggregated per MethodTable, names merged; -live is a breadth-first
// search from ClrHeap.EnumerateRoots over EnumerateReferenceAddresses (dependent handles as edges) into a HashSet,
// plus every object on a frozen segment. That walk is the tests' oracle itself (ClrMdOracle, linked, not copied), and
// the dump is opened with ClrMD alone (LocalDump; ClrMD's lock-free memory-mapped reader, as MemAnalyzer reads dumps):
// no MemAnalyzer code is involved.
return args[0] switch
{
    "compare" => Compare(args[1], args[2]),
    "types" => Types(args[1]),
    _ => Stat(args[1], args.Contains("-live")),
};

static int Types(string dump)
{
    var methodTables = new HashSet<ulong>();
    using (var first = LocalDump.Open(dump, lockFreeReader: true))
    {
        foreach (var obj in first.Runtime.Heap.EnumerateObjects())
        {
            if (obj.Type is not null)
            {
                methodTables.Add(obj.Type.MethodTable);
            }
        }
    }
    // A fresh runtime, so nothing is cached yet.
    using var session = LocalDump.Open(dump, lockFreeReader: true);
    var clock = Stopwatch.StartNew();
    var named = methodTables.Count(mt => session.Runtime.Heap.GetTypeByMethodTable(mt)?.Name is not null);
    Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{methodTables.Count} {clock.Elapsed.TotalSeconds:F3} {named}"));
    return 0;
}

static int Stat(string dump, bool liveOnly)
{
    var clock = Stopwatch.StartNew();
    using var session = LocalDump.Open(dump, lockFreeReader: true);
    var opened = clock.Elapsed;
    var rows = ClrMdOracle.ComputePerMethodTable(session, liveOnly ? ObjectSet.Live : ObjectSet.All)
        .GroupBy(type => type.Name, StringComparer.Ordinal)
        .Select(g => (Name: g.Key, Count: g.Sum(v => v.Count), Bytes: g.Sum(v => v.Bytes)));
    foreach (var row in rows.OrderBy(r => r.Name, StringComparer.Ordinal))
    {
        Console.WriteLine($"{row.Count}\t{row.Bytes}\t{row.Name}");
    }
    Console.Error.WriteLine(string.Create(CultureInfo.InvariantCulture, $"baseline walk {(clock.Elapsed - opened).TotalSeconds:F3} s"));
    return 0;
}

// MemAnalyzer's console table: "<bytes> <count> <type name>", thousands separators, summary rows "Managed Heap(...)".
static int Compare(string baselinePath, string memAnalyzerPath)
{
    var expected = File.ReadLines(baselinePath).Select(l => l.Split('\t', 3)).ToDictionary(p => p[2], p => (long.Parse(p[0], CultureInfo.InvariantCulture), long.Parse(p[1], CultureInfo.InvariantCulture)), StringComparer.Ordinal);
    var actual = new Dictionary<string, (long, long)>(StringComparer.Ordinal);
    foreach (var line in File.ReadLines(memAnalyzerPath).Skip(1))
    {
        var parts = line.Trim().Split(' ', 3, StringSplitOptions.RemoveEmptyEntries);
        if (parts.Length < 3 || line.Contains("Managed Heap(", StringComparison.Ordinal))
        {
            continue;
        }
        actual[parts[2].Trim()] = (long.Parse(parts[1], NumberStyles.AllowThousands, CultureInfo.InvariantCulture), long.Parse(parts[0], NumberStyles.AllowThousands, CultureInfo.InvariantCulture));
    }
    var differences = expected.Keys.Union(actual.Keys)
        .Where(name => expected.GetValueOrDefault(name) != actual.GetValueOrDefault(name))
        .OrderBy(name => name, StringComparer.Ordinal)
        .ToList();
    foreach (var name in differences.Take(20))
    {
        Console.WriteLine($"  differs: {name}: baseline {expected.GetValueOrDefault(name)}, MemAnalyzer {actual.GetValueOrDefault(name)}");
    }
    Console.WriteLine(differences.Count == 0
        ? $"  equal: {expected.Count:N0} types, {expected.Values.Sum(v => v.Item1):N0} objects, {expected.Values.Sum(v => v.Item2):N0} bytes"
        : $"  {differences.Count:N0} of {expected.Count:N0} types differ");
    return differences.Count == 0 ? 0 : 1;
}

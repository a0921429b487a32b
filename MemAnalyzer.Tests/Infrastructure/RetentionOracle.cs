using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// Retained bytes by their definition, straight from ClrMD and sharing no code with MemAnalyzer (not even its dump
/// opener): every object with ClrHeap.EnumerateObjects, its references with EnumerateReferenceAddresses (dependent
/// handles as edges), the roots with ClrHeap.EnumerateRoots. The retained bytes of a type are the live bytes minus the
/// bytes still marked from the roots when its instances are not entered: slow (one mark per question), and plainly right.
/// </summary>
public sealed class RetentionOracle : IDisposable
{
    private readonly LocalDump _dump;
    private readonly Dictionary<ulong, HeapObject> _objects = [];
    private readonly List<ulong> _rootObjects = [];

    private RetentionOracle(LocalDump dump)
    {
        _dump = dump;
        Runtime = dump.Runtime;
        foreach (var obj in Heap.EnumerateObjects())
        {
            if (!obj.IsValid || obj.IsFree || obj.Type is null)
            {
                continue;
            }
            var references = obj.EnumerateReferenceAddresses(carefully: false, considerDependantHandles: true).Where(a => a != 0).ToArray();
            var name = obj.Type.Name ?? $"<MethodTable 0x{obj.Type.MethodTable:x}>";
            _objects[obj.Address] = new HeapObject(obj.Address, (long)obj.Size, name, references);
        }
        Roots = [.. Heap.EnumerateRoots()];
        _rootObjects.AddRange(Roots.Select(r => r.Object.Address).Where(_objects.ContainsKey));
        Live = Mark(_ => false);
        LiveBytes = Bytes(Live);
    }

    public ClrRuntime Runtime { get; }

    public ClrHeap Heap => Runtime.Heap;

    /// <summary>Every valid object of the heap, live or not, by address.</summary>
    public IReadOnlyDictionary<ulong, HeapObject> Objects => _objects;

    public IReadOnlyList<ClrRoot> Roots { get; }

    public HashSet<ulong> Live { get; }

    public long LiveBytes { get; }

    /// <summary>Opens a dump of a process of the runtime installed here with the tests' own opener (that runtime's DAC, never a symbol server).</summary>
    public static RetentionOracle Open(string dumpPath)
    {
        var dump = LocalDump.Open(dumpPath);
        try
        {
            return new RetentionOracle(dump);
        }
        catch
        {
            dump.Dispose();
            throw;
        }
    }

    public IEnumerable<HeapObject> LiveInstancesOf(string typeName) =>
        _objects.Values.Where(o => o.TypeName == typeName && Live.Contains(o.Address)).OrderBy(o => o.Address);

    /// <summary>Bytes that become unreachable when every instance of the type is removed, the instances included.</summary>
    public long RetainedByType(string typeName) => LiveBytes - Bytes(Mark(o => o.TypeName == typeName));

    /// <summary>Bytes that become unreachable when these objects are removed, themselves included.</summary>
    public long RetainedByObjects(IReadOnlySet<ulong> removed) => LiveBytes - Bytes(Mark(o => removed.Contains(o.Address)));

    /// <summary>The live objects that become unreachable when these objects are removed, themselves included.</summary>
    public HashSet<ulong> RetainedSetOf(IReadOnlySet<ulong> removed)
    {
        var retained = new HashSet<ulong>(Live);
        retained.ExceptWith(Mark(o => removed.Contains(o.Address)));
        return retained;
    }

    private HashSet<ulong> Mark(Func<HeapObject, bool> removed)
    {
        var marked = new HashSet<ulong>();
        var pending = new Stack<ulong>();
        foreach (var root in _rootObjects)
        {
            if (!removed(_objects[root]) && marked.Add(root))
            {
                pending.Push(root);
            }
        }
        while (pending.TryPop(out var address))
        {
            foreach (var child in _objects[address].References)
            {
                if (_objects.TryGetValue(child, out var target) && !removed(target) && marked.Add(child))
                {
                    pending.Push(child);
                }
            }
        }
        return marked;
    }

    private long Bytes(HashSet<ulong> addresses) => addresses.Sum(a => _objects[a].Size);

    public void Dispose() => _dump.Dispose();

    /// <summary>One object: its size as ClrMD reports it, its type's name, the addresses it references (dependent-handle secondaries included).</summary>
    public sealed record HeapObject(ulong Address, long Size, string TypeName, ulong[] References);
}

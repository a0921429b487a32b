using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// What the raw heap walk needs to know of each MethodTable, resolved once per MethodTable through ClrMD: base size,
/// component size, whether it is System.String or the free type, and its GC descriptor (where the object's references
/// lie). Entries are dense indexes, so per-type tallies are plain arrays. Resolution is serialized (the DAC is not
/// thread-safe); lookups of known MethodTables take no lock.
/// </summary>
internal sealed partial class MethodTableInfoTable
{
    public const byte IsString = 1;
    public const byte IsFree = 2;
    public const byte HasReferences = 4;

    /// <summary>The smallest object the GC allocates: every object counts and steps at least this.</summary>
    public const int MinObjectSize = 24;

    private readonly ClrHeap _heap;
    private readonly object _resolveLock = new();
    private volatile Snapshot _snapshot;
    // GC descriptors of all types, concatenated; see ReadGcDescriptor for the layout of one.
    private readonly GcDescriptorStore _gcDescriptors;
    private int _keysUsed;

    private bool _withReferences;

    /// <param name="withReferences">Read GC descriptors (needed by the mark phase only; the count needs sizes alone).</param>
    public MethodTableInfoTable(ClrHeap heap, TargetMemory memory, bool withReferences)
    {
        _heap = heap;
        _withReferences = withReferences;
        _gcDescriptors = new GcDescriptorStore(memory);
        _snapshot = new Snapshot(new ulong[4096], new int[4096], 0);
        Entries = new Entry[256];
    }

    /// <summary>Per index; read only indexes returned by <see cref="Find"/>.</summary>
    public Entry[] Entries { get; private set; }

    /// <summary>The concatenated GC descriptors; an entry's GcDescriptorStart points in here.</summary>
    public long[] GcDescriptors => _gcDescriptors.Values;

    public int Count => _snapshot.Count;

    /// <summary>Held while ClrMD is asked anything during a parallel walk: the DAC is not thread-safe.</summary>
    public object ClrMdLock => _resolveLock;

    public ClrType TypeAt(int index) => Entries[index].Type!;

    /// <summary>The index of a MethodTable (mark bit already removed), or -1 if ClrMD knows no type for it.</summary>
    // Optimized at once: a walk is one long loop, over before tiered compilation would promote it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization)]
    public int Find(ulong methodTable)
    {
        if (methodTable == 0)
        {
            return -1;
        }
        var snapshot = _snapshot;
        var mask = snapshot.Keys.Length - 1;
        var slot = (int)(Mix(methodTable) & (ulong)mask);
        while (true)
        {
            var key = snapshot.Keys[slot];
            if (key == methodTable)
            {
                return snapshot.Values[slot];
            }
            if (key == 0)
            {
                return Resolve(methodTable);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// <summary>The index of a MethodTable the walk already met and ClrMD knew, or -1; never asks ClrMD (the resynchronisation's first, free check).</summary>
    public int FindKnown(ulong methodTable) =>
        methodTable != 0 && TryFindExisting(_snapshot, methodTable, out var index) ? index : -1;

    /// <summary>Reads GC descriptors from now on, and those of the types already known; call it while no walk runs.</summary>
    public void IncludeReferences()
    {
        lock (_resolveLock)
        {
            if (_withReferences)
            {
                return;
            }
            _withReferences = true;
            for (var index = 0; index < _snapshot.Count; index++)
            {
                Entries[index] = Describe(Entries[index].Type!);
            }
        }
    }

    private static ulong Mix(ulong value) => (value >> 3) * 0x9E3779B97F4A7C15UL >> 20;

    private int Resolve(ulong methodTable)
    {
        lock (_resolveLock)
        {
            var snapshot = _snapshot;
            if (TryFindExisting(snapshot, methodTable, out var existing))
            {
                return existing;
            }
            var type = methodTable == 0 ? null : _heap.GetTypeByMethodTable(methodTable);
            var index = -1;
            if (type is not null)
            {
                index = snapshot.Count;
                if (index == Entries.Length)
                {
                    var grown = new Entry[Entries.Length * 2];
                    Entries.CopyTo(grown, 0);
                    Entries = grown;
                }
                Entries[index] = Describe(type);
            }
            // Unknown MethodTables are remembered too (as -1), so a damaged heap does not ask the DAC again and again.
            _snapshot = Insert(snapshot, methodTable, index);
            return index;
        }
    }

    private static bool TryFindExisting(Snapshot snapshot, ulong methodTable, out int index)
    {
        var mask = snapshot.Keys.Length - 1;
        var slot = (int)(Mix(methodTable) & (ulong)mask);
        while (snapshot.Keys[slot] != 0)
        {
            if (snapshot.Keys[slot] == methodTable)
            {
                index = snapshot.Values[slot];
                return true;
            }
            slot = (slot + 1) & mask;
        }
        index = -1;
        return false;
    }

    // Grows by copying into new arrays (readers keep using the ones they loaded); otherwise inserts in place, value
    // before key, so a reader that sees the key sees its value, and a reader that misses it comes here under the lock.
    private Snapshot Insert(Snapshot snapshot, ulong methodTable, int index)
    {
        var count = snapshot.Count + (index >= 0 ? 1 : 0);
        var keys = snapshot.Keys;
        var values = snapshot.Values;
        if ((_keysUsed + 1) * 2 > keys.Length)
        {
            var newKeys = new ulong[keys.Length * 2];
            var newValues = new int[keys.Length * 2];
            for (var i = 0; i < keys.Length; i++)
            {
                if (keys[i] != 0)
                {
                    Place(newKeys, newValues, keys[i], values[i]);
                }
            }
            keys = newKeys;
            values = newValues;
        }
        Place(keys, values, methodTable, index);
        _keysUsed++;
        return new Snapshot(keys, values, count);
    }

    private static void Place(ulong[] keys, int[] values, ulong key, int value)
    {
        var mask = keys.Length - 1;
        var slot = (int)(Mix(key) & (ulong)mask);
        while (keys[slot] != 0)
        {
            slot = (slot + 1) & mask;
        }
        values[slot] = value;
        Volatile.Write(ref keys[slot], key);
    }

    private Entry Describe(ClrType type)
    {
        byte flags = 0;
        if (type.IsFree)
        {
            flags |= IsFree;
        }
        if (ReferenceEquals(type, _heap.StringType) || type.MethodTable == _heap.StringType.MethodTable)
        {
            flags |= IsString;
        }
        var gcStart = -1;
        var gcSeries = 0;
        if (_withReferences && type.ContainsPointers && _gcDescriptors.TryRead(type.MethodTable, out gcStart, out gcSeries))
        {
            flags |= HasReferences;
        }
        return new Entry(type, (uint)type.StaticSize, (uint)type.ComponentSize, flags, gcStart, gcSeries);
    }

    private sealed record Snapshot(ulong[] Keys, int[] Values, int Count);
}

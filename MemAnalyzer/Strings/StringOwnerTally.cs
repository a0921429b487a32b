using System.Runtime.InteropServices;
using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Strings;

/// <summary>References to copies of the wanted values, per (value, field); fields are interned to small numbers.</summary>
internal sealed class StringOwnerTally(ClrHeap heap, StringContent content, Dictionary<string, int> wanted, ObjectBitmap marked, DacCallWatch? dacCalls)
{
    private readonly List<string> _owners = [];
    private readonly Dictionary<string, int> _ownerIndex = new(StringComparer.Ordinal);
    private readonly Dictionary<(int Value, int Owner), long> _tally = [];
    private StringOwnerLayout?[] _layouts = new StringOwnerLayout?[256];

    public IReadOnlyList<string> Owners => _owners;

    public IEnumerable<KeyValuePair<(int Value, int Owner), long>> Counts => _tally;

    /// <summary>The layout of a MethodTable index, described once, from the type of its first object.</summary>
    /// <remarks>From the object, not the MethodTable: ClrMD knows an array's element type only through an instance.</remarks>
    public StringOwnerLayout LayoutOf(int index, ulong address)
    {
        if (index >= _layouts.Length)
        {
            Array.Resize(ref _layouts, Math.Max(index + 1, 2 * _layouts.Length));
        }
        return _layouts[index] ??= heap.GetObjectType(address) is { } type ? StringOwnerLayout.Of(type, Intern, dacCalls) : StringOwnerLayout.None;
    }

    /// <summary>One reference from field <paramref name="owner"/>: counted when it points at a marked copy.</summary>
    public void Count(ulong target, int owner)
    {
        if (target == 0 || !marked.IsMarked(target))
        {
            return;
        }
        var length = content.Length(target, long.MaxValue, []);
        if (length >= 0 && content.TryRead(target, length, [], out var chars) && wanted.GetAlternateLookup<ReadOnlySpan<char>>().TryGetValue(chars, out var value))
        {
            CollectionsMarshal.GetValueRefOrAddDefault(_tally, (value, owner), out _)++;
        }
    }

    private int Intern(string name)
    {
        ref var slot = ref CollectionsMarshal.GetValueRefOrAddDefault(_ownerIndex, name, out var existed);
        if (!existed)
        {
            slot = _owners.Count;
            _owners.Add(name);
        }
        return slot;
    }
}

using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Inspections;

/// <summary>
/// The state of <see cref="FieldOwnerPass"/>: the objects whose owning field is wanted (big delegates, the queues of
/// backlogs), each MethodTable's reference field offsets (from the field list alone: no field's type is resolved,
/// which ClrMD does by a module-wide name search per field), and the owner found first for each. A delegate's owner
/// must be a field of a delegate type (an event's backing field is one), so that field's type is resolved, only when
/// its value is a wanted delegate; any reference field owns another object, but for a channel's own parts (its reader
/// and writer point back to it with a field of theirs) and an Rx subject's subscriptions.
/// </summary>
internal sealed class FieldOwnerSearch(MethodTableInfoTable table, IReadOnlySet<ulong> delegates, IReadOnlySet<ulong> others)
{
    private const string ChannelParts = "System.Threading.Channels.";

    /// <summary>An Rx subject's subscriptions (Subject&lt;T&gt;+SubjectDisposable) point back to it with a field of theirs.</summary>
    private const string SubjectParts = "System.Reactive.Subjects.Subject";

    private int[]?[] _offsets = new int[]?[1024];
    private readonly Dictionary<int, IReadOnlyList<ClrInstanceField>> _delegateFields = [];

    /// <summary>"OwnerType.field" by MethodTable index and offset: made once, however many objects one field holds (boxes).</summary>
    private readonly Dictionary<(int Index, int Offset), string> _names = [];

    /// <summary>"OwnerType.field" by wanted address.</summary>
    public Dictionary<ulong, string> Owners { get; } = [];

    /// <summary>The offsets from the object's address of a (non-array) MethodTable's reference fields.</summary>
    public int[] OffsetsAt(int index)
    {
        if (index >= _offsets.Length)
        {
            Array.Resize(ref _offsets, Math.Max(index + 1, _offsets.Length * 2));
        }
        return _offsets[index] ??= Read(index);
    }

    /// <summary>A reference read at <paramref name="offset"/> of an instance of MethodTable <paramref name="index"/>.</summary>
    public void Saw(ulong value, int index, int offset)
    {
        if (value == 0 || Owners.ContainsKey(value))
        {
            return;
        }
        var isDelegate = delegates.Contains(value);
        if (!isDelegate && !others.Contains(value))
        {
            return;
        }
        lock (table.ClrMdLock)
        {
            var type = table.TypeAt(index);
            if (!isDelegate && type.Name is { } name && (name.StartsWith(ChannelParts, StringComparison.Ordinal) || name.StartsWith(SubjectParts, StringComparison.Ordinal)))
            {
                return;
            }
            IReadOnlyList<ClrInstanceField> fields = TypeFields.Of(type);
            if (isDelegate && !_delegateFields.TryGetValue(index, out fields!))
            {
                _delegateFields[index] = fields = CandidateKinds.DelegateFields(type);
            }
            foreach (var field in fields)
            {
                // An instance field's offset counts from the end of the MethodTable pointer.
                if (field.IsObjectReference && field.Offset + 8 == offset)
                {
                    if (!_names.TryGetValue((index, offset), out var owner))
                    {
                        _names[(index, offset)] = owner = $"{Retention.ShortTypeNames.Of(type.Name ?? "?")}.{field.Name}";
                    }
                    Owners[value] = owner;
                    return;
                }
            }
        }
    }

    private int[] Read(int index)
    {
        lock (table.ClrMdLock)
        {
            var type = table.TypeAt(index);
            return type.IsArray || !type.ContainsPointers ? [] : [.. TypeFields.Of(type).Where(f => f.IsObjectReference).Select(f => f.Offset + 8)];
        }
    }
}

using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Inspections;

/// <summary>
/// What an inspection may want of a type's instances, as bit flags decided once per MethodTable from its ClrMD type:
/// the walk keeps the addresses of the instances of flagged types, and the inspections read them after the walk.
/// </summary>
internal static class CandidateKinds
{
    public const ushort None = 0;

    /// <summary>A one-dimensional array of a primitive element type: its content is read on the walk (<see cref="ArrayContents"/>).</summary>
    public const ushort PrimitiveArray = 1;

    public const ushort Delegate = 2;

    /// <summary>List, Dictionary, HashSet of System.Collections.Generic, or a ConcurrentDictionary.</summary>
    public const ushort Collection = 4;

    public const ushort Timer = 8;

    public const ushort AsyncBox = 16;

    public const ushort SafeHandle = 32;

    /// <summary>An array: zero-length ones are tallied by the walk itself, without their addresses.</summary>
    public const ushort Array = 64;

    /// <summary>Flags a kind table slot as decided (a type of no kind is <see cref="Decided"/> alone).</summary>
    public const ushort Decided = 128;

    /// <summary>Queue&lt;T&gt; or ConcurrentQueue&lt;T&gt;, and the unbounded Channel&lt;T&gt; and BlockingCollection&lt;T&gt; that keep their items in one (to name the field that holds them).</summary>
    public const ushort Queue = 256;

    /// <summary>A boxed value type: an instance on the heap of a value type (an enum, a primitive, a struct).</summary>
    public const ushort Boxed = 512;

    /// <summary>System.Object[]: the array a List&lt;object&gt;, an ArrayList or a field typed object[] holds boxes in.</summary>
    public const ushort ObjectArray = 1024;

    /// <summary>An array of lists, dictionaries or sets (a List&lt;List&lt;T&gt;&gt;'s items): it may hold many tiny collections, JOverflow's "vertical bar".</summary>
    public const ushort CollectionArray = 4096;

    /// <summary>An Rx Subject&lt;T&gt; (System.Reactive): its observer array holds every subscription not disposed.</summary>
    public const ushort Subject = 2048;

    /// <summary>The name of System.Reactive's Subject&lt;T&gt; up to its type argument.</summary>
    public const string SubjectPrefix = "System.Reactive.Subjects.Subject<";

    public const string TimerQueueTimer = "System.Threading.TimerQueueTimer";

    private const string MulticastDelegate = "System.MulticastDelegate";
    private const string SafeHandleType = "System.Runtime.InteropServices.SafeHandle";
    private const string Task = "System.Threading.Tasks.Task";
    /// <summary>The one-dimensional arrays of a primitive type (a multi-dimensional one is named "System.Int32[,]").</summary>
    public static IReadOnlySet<string> PrimitiveArrayNames { get; } = new HashSet<string>(
        ["System.Boolean[]", "System.Byte[]", "System.SByte[]", "System.Char[]", "System.Int16[]", "System.UInt16[]", "System.Int32[]", "System.UInt32[]",
            "System.Int64[]", "System.UInt64[]", "System.Single[]", "System.Double[]", "System.IntPtr[]", "System.UIntPtr[]"], StringComparer.Ordinal);

    private static readonly string[] QueuePrefixes =
    [
        "System.Collections.Generic.Queue<", "System.Collections.Concurrent.ConcurrentQueue<", "System.Threading.Channels.UnboundedChannel<",
        "System.Collections.Concurrent.BlockingCollection<",
    ];
    private static readonly string[] CollectionPrefixes =
    [
        "System.Collections.Generic.List<", "System.Collections.Generic.Dictionary<", "System.Collections.Generic.HashSet<",
        "System.Collections.Concurrent.ConcurrentDictionary<",
    ];

    /// <summary>The kinds of <paramref name="type"/>, with <see cref="Decided"/> set.</summary>
    public static ushort Of(ClrType? type)
    {
        if (type is null)
        {
            return Decided;
        }
        if (type.IsArray)
        {
            // By name: ClrMD does not always resolve a primitive array's component type.
            var arrayName = type.Name ?? "";
            return PrimitiveArrayNames.Contains(arrayName) ? (ushort)(Decided | Array | PrimitiveArray)
                : arrayName == "System.Object[]" ? (ushort)(Decided | Array | ObjectArray)
                : arrayName.EndsWith("[]", StringComparison.Ordinal) && CollectionPrefixes.Any(p => arrayName.StartsWith(p, StringComparison.Ordinal))
                    ? (ushort)(Decided | Array | CollectionArray) : (ushort)(Decided | Array);
        }
        var name = type.Name ?? "";
        ushort kinds = Decided;
        if (type.IsValueType)
        {
            return (ushort)(kinds | Boxed);
        }
        if (CollectionPrefixes.Any(p => name.StartsWith(p, StringComparison.Ordinal)))
        {
            kinds |= Collection;
        }
        if (QueuePrefixes.Any(p => name.StartsWith(p, StringComparison.Ordinal)))
        {
            kinds |= Queue;
        }
        if (name.StartsWith(SubjectPrefix, StringComparison.Ordinal))
        {
            kinds |= Subject;
        }
        if (name == TimerQueueTimer)
        {
            kinds |= Timer;
        }
        if (IsAsyncBox(name) && Derives(type, Task))
        {
            kinds |= AsyncBox;
        }
        if (Derives(type, MulticastDelegate))
        {
            kinds |= Delegate;
        }
        else if (Derives(type, SafeHandleType))
        {
            kinds |= SafeHandle;
        }
        return kinds;
    }

    /// <summary>The box of an async method's state machine: AsyncTaskMethodBuilder&lt;T&gt;+AsyncStateMachineBox&lt;TStateMachine&gt; and its debug variant.</summary>
    public static bool IsAsyncBox(string name) => name.Contains("AsyncStateMachineBox<", StringComparison.Ordinal);

    /// <summary>
    /// The instance fields whose declared type is a delegate type (an event's backing field is one). Slow: ClrMD resolves
    /// each field's type by a search of every module; call it only for the types of a few objects, never in the walk.
    /// </summary>
    public static IReadOnlyList<ClrInstanceField> DelegateFields(ClrType type) =>
        [.. Heap.TypeFields.Of(type).Where(f => f.IsObjectReference && f.Type is { } t && t.Name != MulticastDelegate && Derives(t, MulticastDelegate))];

    /// <summary>True when <paramref name="type"/> is <paramref name="baseName"/> or derives from it.</summary>
    public static bool Derives(ClrType type, string baseName)
    {
        for (var t = type; t is not null; t = t.BaseType)
        {
            if (t.Name == baseName)
            {
                return true;
            }
        }
        return false;
    }
}

using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// The objects pinned by a handle (pinned, async-pinned) or by a stack root ClrMD reports as pinned (ClrRoot.IsPinned),
/// as a sorted address array with each one's pinning (<see cref="Analysis.Pinning.ByNumber"/>; the first kind when one
/// object is pinned several ways). Objects on the pinned object heap are told by their segment, not here.
/// </summary>
internal sealed class PinnedObjects
{
    public const byte PinnedHandle = 1;
    public const byte AsyncPinnedHandle = 2;
    public const byte Poh = 3;
    public const byte StackRoot = 4;

    private readonly ulong[] _addresses;
    private readonly byte[] _kinds;

    private PinnedObjects(ulong[] addresses, byte[] kinds) => (_addresses, _kinds) = (addresses, kinds);

    /// <summary>Reads the handle table, and the threads' stack roots when <see cref="WalkOptions.IncludeStackRoots"/>.</summary>
    public static PinnedObjects Read(HeapSource source, WalkOptions walk, CancellationToken cancellation)
    {
        var found = new Dictionary<ulong, byte>();
        void Add(ulong address, byte kind)
        {
            if (address != 0 && (!found.TryGetValue(address, out var known) || kind < known))
            {
                found[address] = kind;
            }
        }
        lock (source.Table.ClrMdLock)
        {
            foreach (var handle in source.Heap.Runtime.EnumerateHandles())
            {
                cancellation.ThrowIfCancellationRequested();
                if (handle.HandleKind == ClrHandleKind.Pinned)
                {
                    Add(handle.Object.Address, PinnedHandle);
                }
                else if (handle.HandleKind == ClrHandleKind.AsyncPinned)
                {
                    Add(handle.Object.Address, AsyncPinnedHandle);
                }
            }
            if (walk.IncludeStackRoots)
            {
                foreach (var thread in source.Heap.Runtime.Threads)
                {
                    using (walk.DacCalls?.StackRootsOf(thread.OSThreadId))
                    {
                        foreach (var root in thread.EnumerateStackRoots())
                        {
                            if (root.IsPinned)
                            {
                                Add(root.Object.Address, StackRoot);
                            }
                        }
                    }
                }
            }
        }
        var addresses = found.Keys.Order().ToArray();
        return new PinnedObjects(addresses, [.. addresses.Select(a => found[a])]);
    }

    /// <summary>How the object at <paramref name="address"/> is pinned; 0 when it is not.</summary>
    public byte KindOf(ulong address)
    {
        var at = SortedAddressSearch.LowerBound(_addresses, address);
        return at < _addresses.Length && _addresses[at] == address ? _kinds[at] : (byte)0;
    }
}

using System.Runtime.InteropServices;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// The GC roots of a heap, as ClrHeap.EnumerateRoots gives them (strong handles, the finalizer queue, static and
/// thread-static slots, stack roots), but with the stack walk separable: on .NET 10 for Linux the DAC can crash the
/// whole process with SIGSEGV while it walks stacks (dotnet/runtime#124401), so a retry can leave stacks out.
/// </summary>
public static class RootSource
{
    /// <summary>Stack roots only when <see cref="WalkOptions.IncludeStackRoots"/> (the isolated retry turns them off).</summary>
    public static IEnumerable<ulong> RootObjects(ClrHeap heap, WalkOptions options)
    {
        foreach (var handle in heap.Runtime.EnumerateHandles())
        {
            if (handle.IsStrong && handle.Object.Address != 0)
            {
                yield return handle.Object.Address;
            }
        }
        foreach (var root in heap.EnumerateFinalizerRoots())
        {
            yield return root.Object.Address;
        }
        foreach (var root in heap.EnumerateAdditionalRoots())
        {
            yield return root.Object.Address;
        }
        if (!options.IncludeStackRoots)
        {
            yield break;
        }
        if (options.SimulateStackWalkCrash)
        {
            // A fault in native code, as in the DAC: the runtime cannot turn it into an exception.
            _ = strlen(1);
        }
        foreach (var thread in heap.Runtime.Threads)
        {
            // Read whole under the watch (not while the caller marks from each root): on damage the DAC's stack walk can loop.
            ulong[] roots;
            using (options.DacCalls?.StackRootsOf(thread.OSThreadId))
            {
                roots = [.. thread.EnumerateStackRoots().Select(r => r.Object.Address)];
            }
            foreach (var root in roots)
            {
                yield return root;
            }
        }
    }

    [DllImport("libc")]
    private static extern nint strlen(nint text);
}

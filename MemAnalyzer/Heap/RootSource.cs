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
    /// <summary>Set once at start-up (the isolated retry turns it off); stack roots are read unless told otherwise.</summary>
    public static bool IncludeStackRoots { get; set; } = true;

    /// <summary>Test hook: crash like the DAC bug does, at the moment stack roots would be read.</summary>
    public static bool SimulateStackWalkCrash { get; set; }

    public static IEnumerable<ulong> RootObjects(ClrHeap heap)
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
        if (!IncludeStackRoots)
        {
            yield break;
        }
        if (SimulateStackWalkCrash)
        {
            // A fault in native code, as in the DAC: the runtime cannot turn it into an exception.
            _ = strlen(1);
        }
        foreach (var thread in heap.Runtime.Threads)
        {
            foreach (var root in thread.EnumerateStackRoots())
            {
                yield return root.Object.Address;
            }
        }
    }

    [DllImport("libc")]
    private static extern nint strlen(nint text);
}

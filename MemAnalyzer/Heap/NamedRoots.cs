using MemAnalyzer.Retention;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// The roots of <see cref="RootSource"/> with what holds each (for root paths), plus every static field that holds an
/// object as a root of its own, named after the field: the runtime keeps statics in arrays behind pinned handles, and
/// "static Acme.Cache.s_orders" explains a leak where "pinned handle → Object[]" does not.
/// </summary>
internal static class NamedRoots
{
    public static void AddTo(ObjectGraphBuilder graph, ClrHeap heap, WalkOptions options)
    {
        var runtime = heap.Runtime;
        AddStatics(graph, runtime, options.DacCalls);
        foreach (var handle in runtime.EnumerateHandles())
        {
            if (handle.IsStrong && handle.Object.Address != 0)
            {
                var (kind, text) = handle.HandleKind switch
                {
                    ClrHandleKind.Pinned => (RootKind.PinnedHandle, "pinned handle"),
                    ClrHandleKind.AsyncPinned => (RootKind.AsyncPinnedHandle, "async pinned handle"),
                    ClrHandleKind.RefCounted => (RootKind.RefCountedHandle, "ref-counted handle"),
                    _ => (RootKind.StrongHandle, "strong handle"),
                };
                graph.AddRoot(handle.Object.Address, kind, text);
            }
        }
        foreach (var root in heap.EnumerateFinalizerRoots())
        {
            graph.AddRoot(root.Object.Address, RootKind.FinalizerQueue, "finalizer queue");
        }
        foreach (var root in heap.EnumerateAdditionalRoots())
        {
            var (kind, text) = root.RootKind switch
            {
                ClrRootKind.StaticVar => (RootKind.Static, "statics"),
                ClrRootKind.ThreadStaticVar => (RootKind.ThreadStatic, "thread static"),
                _ => (RootKind.Other, root.RootKind.ToString()),
            };
            graph.AddRoot(root.Object.Address, kind, text);
        }
        if (!options.IncludeStackRoots)
        {
            return;
        }
        foreach (var thread in runtime.Threads)
        {
            using var watch = options.DacCalls?.StackRootsOf(thread.OSThreadId);
            foreach (var root in thread.EnumerateStackRoots())
            {
                var method = root.StackFrame?.Method;
                var where = method is null ? root.StackFrame?.FrameName ?? "an unknown frame" : $"{method.Type?.Name}.{method.Name}";
                graph.AddRoot(root.Object.Address, RootKind.Stack, $"stack of thread {thread.ManagedThreadId} in {where}");
            }
        }
    }

    private static void AddStatics(ObjectGraphBuilder graph, ClrRuntime runtime, DacCallWatch? dacCalls)
    {
        var domains = runtime.AppDomains;
        foreach (var module in runtime.EnumerateModules())
        {
            foreach (var type in module.EnumerateTypesWithStaticFields())
            {
                System.Collections.Immutable.ImmutableArray<ClrStaticField> statics;
                using (dacCalls?.FieldsOf(type.MethodTable))
                {
                    statics = type.StaticFields;
                }
                foreach (var field in statics)
                {
                    if (!field.IsObjectReference)
                    {
                        continue;
                    }
                    foreach (var domain in domains)
                    {
                        var value = field.ReadObject(domain);
                        if (value.Address != 0)
                        {
                            graph.AddRoot(value.Address, RootKind.Static, $"static {type.Name}.{field.Name}");
                        }
                    }
                }
            }
        }
    }
}

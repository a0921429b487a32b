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
    /// <summary>The root of a statics table's slots that no static field claims (the runtime's own objects: RuntimeAssembly, RuntimeModule…).</summary>
    public const string StaticsTable = "runtime handle table";

    public static void AddTo(ObjectGraphBuilder graph, ClrHeap heap, WalkOptions options)
    {
        var runtime = heap.Runtime;
        AddStatics(graph, runtime, options.DacCalls);
        var tables = new List<(ulong Address, int Length)>();
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
            if (root.RootKind == ClrRootKind.StaticVar && root.Object.IsArray && !tables.Any(t => t.Address == root.Object.Address))
            {
                tables.Add((root.Object.Address, root.Object.AsArray().Length));
            }
            var (kind, text) = root.RootKind switch
            {
                ClrRootKind.StaticVar => (RootKind.Static, StaticsTable),
                ClrRootKind.ThreadStaticVar => (RootKind.ThreadStatic, "thread static"),
                _ => (RootKind.Other, root.RootKind.ToString()),
            };
            graph.AddRoot(root.Object.Address, kind, text);
        }
        AddGenericStatics(graph, runtime, tables, options.DacCalls);
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

    /// <summary>
    /// The slots of the statics tables that belong to closed generic types, each slot's object a root named after its
    /// field (see <see cref="GenericStatics"/>); a slot no type claims stays under the table's <see cref="StaticsTable"/> root.
    /// </summary>
    private static void AddGenericStatics(ObjectGraphBuilder graph, ClrRuntime runtime, List<(ulong Address, int Length)> tables, DacCallWatch? dacCalls)
    {
        if (tables.Count == 0)
        {
            return;
        }
        var reader = runtime.DataTarget.DataReader;
        Span<byte> pointer = stackalloc byte[8];
        foreach (var (slot, name) in GenericStatics.Name(runtime, tables, dacCalls))
        {
            if (reader.Read(slot, pointer) == 8 && System.Buffers.Binary.BinaryPrimitives.ReadUInt64LittleEndian(pointer) is var value and not 0)
            {
                graph.AddRoot(value, RootKind.Static, name);
            }
        }
    }

    /// <summary>
    /// A static field of a struct type lives boxed: its address is a statics table's slot that holds the box.
    /// 0 when no box of the field's type is there.
    /// </summary>
    private static ulong BoxOf(ClrHeap heap, ClrStaticField field, ClrAppDomain domain)
    {
        var slot = field.GetAddress(domain);
        if (slot == 0 || !heap.Runtime.DataTarget.DataReader.ReadPointer(slot, out var address) || address == 0)
        {
            return 0;
        }
        var box = heap.GetObject(address);
        return box.IsValid && box.Type?.MethodTable == field.Type!.MethodTable ? box.Address : 0;
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
                    var boxed = !field.IsObjectReference && field.Type is { IsValueType: true, IsPrimitive: false, IsEnum: false };
                    if (!field.IsObjectReference && !boxed)
                    {
                        continue;
                    }
                    foreach (var domain in domains)
                    {
                        var value = boxed ? BoxOf(runtime.Heap, field, domain) : field.ReadObject(domain).Address;
                        if (value != 0)
                        {
                            graph.AddRoot(value, RootKind.Static, $"static {type.Name}.{field.Name}");
                        }
                    }
                }
            }
        }
    }
}

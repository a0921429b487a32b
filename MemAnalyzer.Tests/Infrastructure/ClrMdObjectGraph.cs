using MemAnalyzer.Retention;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// The product's input, not an oracle: the objects, references and roots the <see cref="RetentionOracle"/> read with ClrMD,
/// fed to the product's <see cref="ObjectGraphBuilder"/> because its <see cref="DominatorTree"/> and <see cref="RootPaths"/>
/// read nothing else; and field names for root paths from ClrMD's EnumerateReferencesWithFields. Every expected value of
/// the tests that use it comes from the oracle's own marks over its own lists (ClrMD alone) or from the planted counts,
/// never from this graph, so a builder bug (a dropped edge, a wrong size or root) shows as a difference.
/// </summary>
public static class ClrMdObjectGraph
{
    public static ObjectGraph Build(RetentionOracle oracle)
    {
        var builder = new ObjectGraphBuilder(oracle.Objects.Count);
        foreach (var obj in oracle.Objects.Values.OrderBy(o => o.Address))
        {
            builder.AddObject(obj.Address, obj.Size, builder.AddType(obj.TypeName));
            foreach (var reference in obj.References)
            {
                builder.AddReference(reference);
            }
        }
        foreach (var root in oracle.Roots)
        {
            var (kind, description) = Describe(root);
            builder.AddRoot(root.Object.Address, kind, description);
        }
        return builder.Build();
    }

    /// <summary>The field of the parent that references the child: "name", "name.inner", "[]", "[].inner", or the dependent handle.</summary>
    public static Func<int, int, string?> FieldNames(ClrHeap heap, ObjectGraph graph) => (parent, child) =>
    {
        var target = graph.Addresses[child];
        foreach (var reference in heap.GetObject(graph.Addresses[parent]).EnumerateReferencesWithFields(carefully: false, considerDependantHandles: true))
        {
            if (reference.Object.Address != target)
            {
                continue;
            }
            if (reference.IsDependentHandle)
            {
                return "(dependent handle)";
            }
            var inner = reference.InnerField?.Field?.Name;
            if (reference.IsArrayElement)
            {
                return inner is null ? "[]" : "[]." + inner;
            }
            var field = reference.Field?.Name;
            return inner is null ? field : $"{field}.{inner}";
        }
        return null;
    };

    private static (RootKind Kind, string Description) Describe(ClrRoot root) => root.RootKind switch
    {
        ClrRootKind.StaticVar => (RootKind.Static, "static (pinned statics array)"),
        ClrRootKind.ThreadStaticVar => (RootKind.ThreadStatic, "thread static"),
        ClrRootKind.StrongHandle => (RootKind.StrongHandle, "strong handle"),
        ClrRootKind.PinnedHandle => (RootKind.PinnedHandle, "pinned handle"),
        ClrRootKind.AsyncPinnedHandle => (RootKind.AsyncPinnedHandle, "async pinned handle"),
        ClrRootKind.RefCountedHandle => (RootKind.RefCountedHandle, "ref-counted handle"),
        ClrRootKind.FinalizerQueue => (RootKind.FinalizerQueue, "finalizer queue"),
        ClrRootKind.Stack when root is ClrStackRoot stack =>
            (RootKind.Stack, $"stack of thread {stack.StackFrame?.Thread?.ManagedThreadId} in {stack.StackFrame?.Method?.Signature ?? stack.StackFrame?.FrameName}"),
        _ => (RootKind.Other, root.RootKind.ToString()),
    };
}

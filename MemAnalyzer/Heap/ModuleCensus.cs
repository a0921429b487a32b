using MemAnalyzer.Analysis;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// -modules on an open target: every managed module of the runtime (ClrRuntime.EnumerateModules: one per loaded
/// assembly and load), grouped by kind and name. A name loaded hundreds of times is the leak of generated assemblies
/// (serializers without a cache, Reflection.Emit, compiled expressions, plugins loaded again) that no type table shows.
/// </summary>
public static class ModuleCensus
{
    public static IReadOnlyList<ModuleGroup> Read(HeapSource source, CancellationToken cancellation)
    {
        var groups = new Dictionary<(string Kind, string Name), (long Count, long Bytes, string Path)>();
        lock (source.Table.ClrMdLock)
        {
            foreach (var module in source.Heap.Runtime.EnumerateModules())
            {
                cancellation.ThrowIfCancellationRequested();
                var (kind, name, path) = Describe(module);
                var bytes = kind == ModuleGroup.Dynamic ? 0 : (long)module.Size;
                var (count, sum, first) = groups.GetValueOrDefault((kind, name), (0, 0, path));
                groups[(kind, name)] = (count + 1, sum + bytes, string.CompareOrdinal(path, first) < 0 ? path : first);
            }
        }
        return ModuleGroup.Sorted(groups.Select(g =>
            new ModuleGroup(g.Key.Kind, g.Key.Name, g.Value.Count, g.Key.Kind == ModuleGroup.Dynamic ? null : g.Value.Bytes, g.Value.Path)));
    }

    /// <summary>A module's kind, name (its file's name, else its assembly's simple name) and path (empty without a file).</summary>
    private static (string Kind, string Name, string Path) Describe(ClrModule module)
    {
        var assembly = SimpleName(module.AssemblyName) ?? SimpleName(module.Name);
        if (module.IsDynamic)
        {
            return (ModuleGroup.Dynamic, assembly ?? ModuleGroup.Unnamed, "");
        }
        var path = module.Name ?? "";
        return Path.IsPathRooted(path) ? (ModuleGroup.File, Path.GetFileName(path), path) : (ModuleGroup.InMemory, assembly ?? ModuleGroup.Unnamed, "");
    }

    /// <summary>"Name" of "Name, Version=…, Culture=…" (an assembly's display name); null when empty.</summary>
    private static string? SimpleName(string? name)
    {
        var simple = name?.Split(',')[0].Trim();
        return string.IsNullOrEmpty(simple) ? null : simple;
    }
}

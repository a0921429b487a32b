using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Inspections;

/// <summary>
/// The static fields that hold wanted objects no instance field holds: a static event's backing field
/// (<c>static Bus.Changed</c>, named as root paths name statics, the type without namespaces), a static channel. One
/// pass over the types with static fields, as the walk's named roots make; only when some object is still without an owner.
/// </summary>
internal static class StaticFieldOwners
{
    public static void Add(ClrHeap heap, IReadOnlySet<ulong> wanted, Dictionary<ulong, string> owners, CancellationToken cancellation)
    {
        if (wanted.All(owners.ContainsKey))
        {
            return;
        }
        var runtime = heap.Runtime;
        foreach (var module in runtime.EnumerateModules())
        {
            cancellation.ThrowIfCancellationRequested();
            foreach (var type in module.EnumerateTypesWithStaticFields())
            {
                foreach (var field in type.StaticFields)
                {
                    if (!field.IsObjectReference)
                    {
                        continue;
                    }
                    foreach (var domain in runtime.AppDomains)
                    {
                        var value = field.ReadObject(domain).Address;
                        if (value != 0 && wanted.Contains(value) && !owners.ContainsKey(value))
                        {
                            owners[value] = $"static {Retention.ShortTypeNames.Of(type.Name ?? "?")}.{field.Name}";
                        }
                    }
                }
            }
        }
    }
}

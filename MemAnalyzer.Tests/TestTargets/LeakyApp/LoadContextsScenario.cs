using System.Reflection;
using System.Runtime.Loader;

namespace MemAnalyzer.TestTargets.LeakyApp;

/// <summary>
/// The same assembly file loaded into the default AssemblyLoadContext and into a collectible one, with instances of
/// its type in each: one type name, two MethodTables. Reflection only, so that the targets which compile this file
/// without the library (LeakyAppAfter, LeakyAppNet8) still build.
/// </summary>
public static class LoadContextsScenario
{
    private static AssemblyLoadContext? s_collectible;
    private static object[]? s_inDefault;
    private static object[]? s_inCollectible;

    public static void Plant()
    {
        var path = Path.Combine(AppContext.BaseDirectory, ExpectedCounts.LoadContextLibrary + ".dll");
        s_collectible = new AssemblyLoadContext("collectible", isCollectible: true);
        s_inDefault = Create(AssemblyLoadContext.Default.LoadFromAssemblyPath(path), ExpectedCounts.SameNameInDefaultContext);
        s_inCollectible = Create(s_collectible.LoadFromAssemblyPath(path), ExpectedCounts.SameNameInCollectibleContext);
        if (s_inDefault[0].GetType() == s_inCollectible[0].GetType())
        {
            throw new InvalidOperationException("both contexts gave the same type");
        }
    }

    private static object[] Create(Assembly assembly, int count)
    {
        var type = assembly.GetType(ExpectedCounts.SameNameType, throwOnError: true)!;
        var items = new object[count];
        for (var i = 0; i < count; i++)
        {
            items[i] = Activator.CreateInstance(type)!;
        }
        return items;
    }
}

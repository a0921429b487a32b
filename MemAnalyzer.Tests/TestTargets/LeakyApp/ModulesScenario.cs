using System.Reflection;
using System.Reflection.Emit;

namespace MemAnalyzer.TestTargets.LeakyApp;

/// <summary>
/// The "modules" mode (ExpectedCounts.ModulesPlanted): dynamic assemblies named ExpectedCounts.ModulesPlantedName, each
/// with one module and one created type, held by a static list; "moremodules" plants ExpectedCounts.ModulesMore more.
/// </summary>
public static class ModulesScenario
{
    private static readonly List<Type> s_types = new();

    public static void Plant() => Emit(ExpectedCounts.ModulesPlanted);

    public static void More() => Emit(ExpectedCounts.ModulesMore);

    private static void Emit(int count)
    {
        for (var i = 0; i < count; i++)
        {
            var assembly = AssemblyBuilder.DefineDynamicAssembly(new AssemblyName(ExpectedCounts.ModulesPlantedName), AssemblyBuilderAccess.Run);
            var module = assembly.DefineDynamicModule(ExpectedCounts.ModulesPlantedName);
            var type = module.DefineType($"Generated{s_types.Count}", TypeAttributes.Public | TypeAttributes.Sealed);
            s_types.Add(type.CreateType());
        }
    }
}

using System.Text.RegularExpressions;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// SOS `dumpdomain` as the oracle of -modules: every module of every app domain (an "Assembly:" entry and its module
/// lines), and how many of those assemblies SOS marks "(Dynamic)". One dotnet-dump run per dump.
/// </summary>
public static partial class SosOracle
{
    public sealed record DomainModules(int Modules, int Dynamic);

    public static DomainModules DumpDomain(string dumpPath)
    {
        var output = Analyze(dumpPath, "dumpdomain", "Domain 1:");
        var domain = output[output.IndexOf("Domain 1:", StringComparison.Ordinal)..];
        return new DomainModules(ModuleLine().Matches(domain).Count, DynamicAssembly().Matches(domain).Count);
    }

    [GeneratedRegex(@"^\s+[0-9a-f]{8,16}\s+\S", RegexOptions.Multiline)]
    private static partial Regex ModuleLine();

    [GeneratedRegex(@"^Assembly:\s+[0-9a-f]{8,16} \(Dynamic\)", RegexOptions.Multiline)]
    private static partial Regex DynamicAssembly();
}

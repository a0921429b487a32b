using System.Runtime.CompilerServices;
using MemAnalyzer.Cli;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// Sets MEMANALYZER_NOINDEX=1 in this test process, and so in every process it starts: no test reads an index another
/// test wrote (a later -retained of a shared dump would skip the mark and graph it means to test), and none fills the
/// user's cache folder. The index tests remove the variable and point XDG_CACHE_HOME at a folder of their own.
/// </summary>
public static class HermeticIndex
{
#pragma warning disable CA2255 // From the first test on: a fixture's first run must not leave an index for the next.
    [ModuleInitializer]
#pragma warning restore CA2255
    public static void Disable() => Environment.SetEnvironmentVariable(IndexLocation.DisableVariable, "1");
}

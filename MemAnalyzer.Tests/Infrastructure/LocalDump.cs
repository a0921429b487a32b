using System.Runtime.InteropServices;
using MemAnalyzer.Dac;
using MemAnalyzer.Heap;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>Opens a test dump in-process with the DAC of the runtime installed here, as the oracles and white-box tests need.</summary>
public static class LocalDump
{
    private static readonly string s_installedRuntimes = Path.GetDirectoryName(RuntimeEnvironment.GetRuntimeDirectory().TrimEnd('/'))!;

    public static TargetSession Open(string dumpPath) =>
        TargetSession.OpenDump(dumpPath, DacSearchOptions.LocalOnly([], [s_installedRuntimes]));
}

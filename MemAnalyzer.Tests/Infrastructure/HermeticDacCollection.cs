using System.Runtime.CompilerServices;
using MemAnalyzer.Dac;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// Points MEMANALYZER_DACDIR of this test process, and so of every process it starts, at an empty folder of its own,
/// so that no test reads or fills the real user's DAC collection (~/.local/share/memanalyzer/dacs, /var/lib/memanalyzer/dacs
/// as root). Tests of the default place remove the variable and set XDG_DATA_HOME for the processes they start.
/// </summary>
public static class HermeticDacCollection
{
    public static string Path { get; private set; } = "";

#pragma warning disable CA2255 // The test assembly's processes must never see the user's collection, from the first test on.
    [ModuleInitializer]
#pragma warning restore CA2255
    public static void Isolate()
    {
        Path = Directory.CreateTempSubdirectory("memanalyzer-tests-dacs-").FullName;
        Environment.SetEnvironmentVariable(DacCollectionPath.DacDirectoryVariable, Path);
        AppDomain.CurrentDomain.ProcessExit += (_, _) =>
        {
            try
            {
                Directory.Delete(Path, recursive: true);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
            }
        };
    }
}

using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Dac;

/// <summary>
/// The file version of the runtime in a dump when ClrMD reads libcoreclr's as 0.0 and the folder name does not say it
/// (a self-contained app): the managed System.Private.CoreLib.dll beside libcoreclr.so comes from the same runtime
/// build and carries the same file version in its version resource, which ClrMD reads.
/// </summary>
public static class DacRuntimeVersion
{
    public static Version? FromRuntimeModules(IDataReader reader, string runtimeDirectory)
    {
        var corelib = Path.Combine(runtimeDirectory, "System.Private.CoreLib.dll");
        return reader.EnumerateModules()
            .Where(m => string.Equals(m.FileName, corelib, StringComparison.Ordinal))
            .Select(m => m.Version)
            .FirstOrDefault(v => v.Major != 0);
    }
}

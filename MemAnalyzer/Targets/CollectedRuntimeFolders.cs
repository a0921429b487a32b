using MemAnalyzer.Dac;
using MemAnalyzer.Linux;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Targets;

/// <summary>
/// The DAC collection's copies of a runtime's binaries (scripts/collect-dacs.sh stores the runtime folder's files beside
/// each DAC): the per-build folders whose index line names the dump's libcoreclr build-id and whose libcoreclr.so has that
/// build-id. They are searched after -bindir for the images the dump lacks, with -bindir's matching rules per file.
/// </summary>
internal static class CollectedRuntimeFolders
{
    public static IReadOnlyList<string> Find(DataTarget target, IReadOnlyList<string> collections)
    {
        var coreclr = target.DataReader.EnumerateModules()
            .FirstOrDefault(m => m.FileName is not null && Path.GetFileName(m.FileName) == DacLocator.CoreClrFileName && !m.BuildId.IsDefaultOrEmpty);
        if (coreclr is null)
        {
            return [];
        }
        var buildId = Convert.ToHexStringLower(coreclr.BuildId.AsSpan());
        var folders = new List<string>();
        foreach (var dac in collections.SelectMany(c => DacIndex.Lookup(c, buildId)))
        {
            var folder = Path.GetDirectoryName(dac)!;
            var local = Path.Combine(folder, DacLocator.CoreClrFileName);
            try
            {
                if (File.Exists(local) && ElfImage.ReadBuildId(local) is byte[] id && Convert.ToHexStringLower(id) == buildId && !folders.Contains(folder))
                {
                    folders.Add(folder);
                }
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
            }
        }
        return folders;
    }
}

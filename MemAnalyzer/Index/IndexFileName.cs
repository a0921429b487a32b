using System.IO.Hashing;
using System.Text;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Index;

/// <summary>The file of a dump's index in the cache folder: a hash of the dump's full path and of what names its types.</summary>
internal static class IndexFileName
{
    public static string Of(IndexSettings settings, DumpIndexIdentity identity)
    {
        var key = XxHash128.Hash(Encoding.UTF8.GetBytes($"{identity.DumpPath}\n{identity.Context}"));
        return Path.Combine(settings.Directory, Convert.ToHexStringLower(key) + IndexSettings.Extension);
    }

    /// <summary>The staging name of a file being written by this process, renamed into place when whole.</summary>
    public static string StagingOf(string path) => $"{path}.{Environment.ProcessId}.tmp";
}

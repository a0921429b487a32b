namespace MemAnalyzer.Dac;

/// <summary>One line of a dacs/ index: the libcoreclr build-id a DAC belongs to, and where the DAC lies.</summary>
/// <param name="CoreClrBuildId">GNU build-id of the libcoreclr.so of the runtime build, lower-case hex.</param>
/// <param name="Rid">Runtime identifier, e.g. linux-x64.</param>
/// <param name="Version">Runtime version, e.g. 8.0.33.</param>
/// <param name="RelativePath">Path of libmscordaccore.so relative to the collection, with '/' separators.</param>
public sealed record DacIndexEntry(string CoreClrBuildId, string Rid, string Version, string RelativePath);

/// <summary>
/// The index file of a dacs/ collection (<c>index.tsv</c>): one tab-separated line per DAC, written by
/// scripts/collect-dacs.sh, so that a dump's DAC is found by its build-id without opening every libcoreclr.so.
/// The index only says where to look: the libcoreclr.so beside the DAC is still checked.
/// </summary>
public static class DacIndex
{
    public const string FileName = "index.tsv";

    public static IReadOnlyList<DacIndexEntry> Read(string collectionDirectory)
    {
        var path = Path.Combine(collectionDirectory, FileName);
        string[] lines;
        try
        {
            lines = File.Exists(path) ? File.ReadAllLines(path) : [];
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return [];
        }
        return lines.Select(Parse).OfType<DacIndexEntry>().ToList();
    }

    /// <summary>Parses one line; comments (#), blank and malformed lines give null.</summary>
    public static DacIndexEntry? Parse(string line)
    {
        if (line.StartsWith('#'))
        {
            return null;
        }
        var fields = line.Split('\t');
        if (fields.Length != 4 || fields.Any(f => f.Length == 0) || fields[3].Split('/').Contains(".."))
        {
            return null;
        }
        return new DacIndexEntry(fields[0].Trim().ToLowerInvariant(), fields[1].Trim(), fields[2].Trim(), fields[3].Trim());
    }

    /// <summary>Full paths of the DACs the index lists for a build-id, in file order.</summary>
    public static IEnumerable<string> Lookup(string collectionDirectory, string coreClrBuildId) =>
        Read(collectionDirectory)
            .Where(e => e.CoreClrBuildId == coreClrBuildId)
            .Select(e => Path.GetFullPath(Path.Combine(collectionDirectory, e.RelativePath)));
}

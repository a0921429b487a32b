using System.Globalization;
using System.Text.RegularExpressions;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// SOS, the runtime team's own debugger extension, as an independent oracle: the real dotnet-dump (a local tool of the
/// repository, restored by scripts/setup.sh) runs `dumpheap -stat` on a dump, and its table is read back. It shares no
/// code with MemAnalyzer or ClrMD's heap walk.
/// </summary>
public static partial class SosOracle
{
    /// <summary>The name SOS gives the gaps between objects; not a type.</summary>
    public const string Free = "Free";

    /// <summary>Per type name, SOS's instance count and bytes (MethodTables of one name added up) and its heap total.</summary>
    public sealed record HeapStat(IReadOnlyDictionary<string, (long Count, long Bytes)> Types, long TotalObjects, long TotalBytes);

    public static HeapStat DumpHeapStat(string dumpPath)
    {
        var output = Analyze(dumpPath, "dumpheap -stat");
        return output.Contains("Statistics:", StringComparison.Ordinal) ? Stat(output)
            : throw new InvalidOperationException($"no dumpheap -stat table in dotnet-dump's output:\n{output}");
    }

    /// <summary>
    /// SOS `dumpheap -stat -gen &lt;g&gt;` for each of <paramref name="generations"/> (gen0, gen1, gen2, loh, poh, frozen), one
    /// dotnet-dump run each; its Free row is the generation's free blocks. SOS prints no table at all for a generation
    /// without objects (only the "Loading core dump" line): that is an empty one.
    /// </summary>
    public static IReadOnlyDictionary<string, HeapStat> DumpHeapStatByGeneration(string dumpPath, IReadOnlyList<string> generations)
    {
        var stats = new Dictionary<string, HeapStat>(StringComparer.Ordinal);
        foreach (var generation in generations)
        {
            var output = Analyze(dumpPath, $"dumpheap -stat -gen {generation}");
            if (output.Contains("Statistics:", StringComparison.Ordinal))
            {
                stats[generation] = Stat(output);
            }
            else if (output.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).All(l => l.StartsWith("Loading core dump", StringComparison.Ordinal)))
            {
                stats[generation] = new HeapStat(new Dictionary<string, (long, long)>(), 0, 0);
            }
            else
            {
                throw new InvalidOperationException($"dotnet-dump printed neither a table nor nothing for -gen {generation}:\n{output}");
            }
        }
        return stats;
    }

    private static string Analyze(string dumpPath, string command)
    {
        var result = ProcessRunner.Run("dotnet", ["tool", "run", "dotnet-dump", "analyze", dumpPath, "-c", command, "-c", "exit"],
            TimeSpan.FromMinutes(5), workingDirectory: RepositoryPaths.Root);
        if (result.ExitCode != 0 || !result.StandardOutput.Contains("Loading core dump", StringComparison.Ordinal))
        {
            throw new InvalidOperationException($"dotnet-dump failed (scripts/setup.sh restores it):\n{result}");
        }
        return result.StandardOutput;
    }

    private static HeapStat Stat(string section)
    {
        var types = new Dictionary<string, (long Count, long Bytes)>(StringComparer.Ordinal);
        foreach (var line in section.Split('\n'))
        {
            if (Row().Match(line) is { Success: true } row)
            {
                var name = row.Groups["name"].Value.TrimEnd();
                var (count, bytes) = types.GetValueOrDefault(name);
                types[name] = (count + Number(row.Groups["count"].Value), bytes + Number(row.Groups["bytes"].Value));
            }
        }
        var total = Total().Match(section);
        if (!total.Success)
        {
            throw new InvalidOperationException($"no dumpheap -stat total in dotnet-dump's output:\n{section}");
        }
        return new HeapStat(types, Number(total.Groups["objects"].Value), Number(total.Groups["bytes"].Value));
    }

    private static long Number(string text) => long.Parse(text, NumberStyles.AllowThousands, CultureInfo.InvariantCulture);

    [GeneratedRegex(@"^\s*[0-9a-f]{8,16}\s+(?<count>[\d,]+)\s+(?<bytes>[\d,]+)\s+(?<name>\S.*)$")]
    private static partial Regex Row();

    [GeneratedRegex(@"Total (?<objects>[\d,]+) objects, (?<bytes>[\d,]+) bytes")]
    private static partial Regex Total();
}

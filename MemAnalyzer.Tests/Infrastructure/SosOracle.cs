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

    public static HeapStat DumpHeapStat(string dumpPath) => Stats(Analyze(dumpPath, ["dumpheap -stat"]), 1)[0];

    /// <summary>SOS `dumpheap -stat -gen &lt;g&gt;` for each of <paramref name="generations"/> (gen0, gen1, gen2, loh, poh, frozen), one dotnet-dump run for all; its Free row is the generation's free blocks.</summary>
    public static IReadOnlyDictionary<string, HeapStat> DumpHeapStatByGeneration(string dumpPath, IReadOnlyList<string> generations)
    {
        var stats = Stats(Analyze(dumpPath, [.. generations.Select(g => $"dumpheap -stat -gen {g}")]), generations.Count);
        return generations.Select((g, i) => (g, stats[i])).ToDictionary(p => p.g, p => p.Item2, StringComparer.Ordinal);
    }

    private static string Analyze(string dumpPath, IReadOnlyList<string> commands)
    {
        var result = ProcessRunner.Run("dotnet", ["tool", "run", "dotnet-dump", "analyze", dumpPath, .. commands.SelectMany(c => new[] { "-c", c }), "-c", "exit"],
            TimeSpan.FromMinutes(5), workingDirectory: RepositoryPaths.Root);
        if (result.ExitCode != 0 || !result.StandardOutput.Contains("Statistics:", StringComparison.Ordinal))
        {
            throw new InvalidOperationException($"dotnet-dump failed (scripts/setup.sh restores it):\n{result}");
        }
        return result.StandardOutput;
    }

    /// <summary>The tables of <paramref name="expected"/> `dumpheap -stat` commands, each from its "Statistics:" line to its Total line.</summary>
    private static IReadOnlyList<HeapStat> Stats(string output, int expected)
    {
        var sections = output.Split("Statistics:", StringSplitOptions.None).Skip(1).ToList();
        if (sections.Count != expected)
        {
            throw new InvalidOperationException($"dotnet-dump printed {sections.Count} dumpheap -stat tables, not {expected}:\n{output}");
        }
        return [.. sections.Select(Stat)];
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

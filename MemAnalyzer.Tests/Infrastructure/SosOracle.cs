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

    public static HeapStat DumpHeapStat(string dumpPath) => Stat(Analyze(dumpPath, "dumpheap -stat", "Statistics:"));

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
            var output = Analyze(dumpPath, $"dumpheap -stat -gen {generation}", "Loading core dump");
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

    private static HeapStat Stat(string section)
    {
        var total = Total().Match(section);
        if (!total.Success)
        {
            throw new InvalidOperationException($"no dumpheap -stat total in dotnet-dump's output:\n{section}");
        }
        return new HeapStat(Table(section), Number(total.Groups["objects"].Value), Number(total.Groups["bytes"].Value));
    }

    /// <summary>SOS gchandles -stat: per target type name, the handles' count and target bytes (all kinds together, as SOS groups them), and the handles per kind ("WeakShort" for SOS's "Weak Short Handles").</summary>
    public sealed record HandleStat(IReadOnlyDictionary<string, (long Count, long Bytes)> Types, IReadOnlyDictionary<string, long> Kinds);

    public static HandleStat GcHandlesStat(string dumpPath)
    {
        var output = Analyze(dumpPath, "gchandles -stat", "Handles:");
        var kinds = Kind().Matches(output).ToDictionary(m => m.Groups["kind"].Value.Replace(" ", "", StringComparison.Ordinal), m => Number(m.Groups["count"].Value));
        var types = Table(output[..output.IndexOf("Handles:", StringComparison.Ordinal)])
            .GroupBy(t => ReadableName(t.Key), StringComparer.Ordinal)
            .ToDictionary(g => g.Key, g => (g.Sum(t => t.Value.Count), g.Sum(t => t.Value.Bytes)), StringComparer.Ordinal);
        return new HandleStat(types, kinds);
    }

    /// <summary>
    /// gchandles names generic types as the runtime does, "SharedArrayPool`1[[System.Char, System.Private.CoreLib]]";
    /// written the way C# does (and dumpheap and MemAnalyzer do): "SharedArrayPool&lt;System.Char&gt;".
    /// </summary>
    public static string ReadableName(string name)
    {
        var at = 0;
        return ReadType(name, ref at, inArgument: false);
    }

    private static string ReadType(string text, ref int at, bool inArgument)
    {
        var result = new System.Text.StringBuilder();
        while (at < text.Length)
        {
            var c = text[at];
            if (inArgument && c is ',' or ']')
            {
                break;
            }
            if (c == '`')
            {
                at++;
                while (at < text.Length && char.IsAsciiDigit(text[at]))
                {
                    at++;
                }
                if (at + 1 < text.Length && text[at] == '[' && text[at + 1] == '[')
                {
                    at++; // the list's '['
                    var arguments = new List<string>();
                    while (text[at] == '[')
                    {
                        at++;
                        arguments.Add(ReadType(text, ref at, inArgument: true));
                        at = text.IndexOf(']', at) + 1; // past ", Assembly]"
                        if (text[at] == ',')
                        {
                            at++;
                        }
                    }
                    at++; // the list's ']'
                    result.Append('<').AppendJoin(", ", arguments).Append('>');
                }
                continue;
            }
            result.Append(c);
            at++;
        }
        return result.ToString();
    }

    /// <summary>SOS finalizequeue -stat: the objects ready for finalization (all heaps), and per type every finalizable object, registered or ready.</summary>
    public sealed record FinalizeStat(long Ready, IReadOnlyDictionary<string, (long Count, long Bytes)> Types, long TotalObjects);

    public static FinalizeStat FinalizeQueueStat(string dumpPath)
    {
        var output = Analyze(dumpPath, "finalizequeue -stat", "Statistics for all finalizable objects");
        var table = output[output.IndexOf("Statistics for all finalizable objects", StringComparison.Ordinal)..];
        var total = FinalizeTotal().Match(table);
        return new FinalizeStat(Ready().Matches(output).Sum(m => Number(m.Groups["count"].Value)), Table(table), total.Success ? Number(total.Groups["objects"].Value) : 0);
    }

    private static string Analyze(string dumpPath, string command, string expected) => Analyze(dumpPath, [command], expected);

    /// <summary>One dotnet-dump run of several commands, in order (its start-up and its cache of roots paid once).</summary>
    private static string Analyze(string dumpPath, IReadOnlyList<string> commands, string expected)
    {
        var result = ProcessRunner.Run("dotnet", ["tool", "run", "dotnet-dump", "analyze", dumpPath, .. commands.SelectMany(c => new[] { "-c", c }), "-c", "exit"],
            TimeSpan.FromMinutes(5), workingDirectory: RepositoryPaths.Root);
        if (result.ExitCode != 0 || !result.StandardOutput.Contains(expected, StringComparison.Ordinal))
        {
            throw new InvalidOperationException($"dotnet-dump {string.Join("; ", commands)} failed (scripts/setup.sh restores it):\n{result}");
        }
        return result.StandardOutput;
    }

    private static Dictionary<string, (long Count, long Bytes)> Table(string text)
    {
        var types = new Dictionary<string, (long Count, long Bytes)>(StringComparer.Ordinal);
        foreach (var line in text.Split('\n'))
        {
            if (Row().Match(line) is { Success: true } row)
            {
                var name = row.Groups["name"].Value.TrimEnd();
                var (count, bytes) = types.GetValueOrDefault(name);
                types[name] = (count + Number(row.Groups["count"].Value), bytes + Number(row.Groups["bytes"].Value));
            }
        }
        return types;
    }

    private static long Number(string text) => long.Parse(text, NumberStyles.AllowThousands, CultureInfo.InvariantCulture);

    [GeneratedRegex(@"^\s*[0-9a-f]{8,16}\s+(?<count>[\d,]+)\s+(?<bytes>[\d,]+)\s+(?<name>\S.*)$")]
    private static partial Regex Row();

    [GeneratedRegex(@"^\s*(?<kind>[A-Za-z ]+?) Handles:\s+(?<count>[\d,]+)\s*$", RegexOptions.Multiline)]
    private static partial Regex Kind();

    [GeneratedRegex(@"Ready for finalization (?<count>[\d,]+) objects")]
    private static partial Regex Ready();

    [GeneratedRegex(@"Total (?<objects>[\d,]+) objects")]
    private static partial Regex FinalizeTotal();

    [GeneratedRegex(@"Total (?<objects>[\d,]+) objects, (?<bytes>[\d,]+) bytes")]
    private static partial Regex Total();
}

using System.Globalization;
using System.Text.RegularExpressions;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>What <c>dotnet-gcdump report</c> prints of a gcdump: the heap's object count and bytes, and the count per type.</summary>
/// <param name="Counts">Per type name, the instances; a large object's size-bucket row (" (Bytes &gt; 100K)") is added to its type.</param>
public sealed record GcDumpReport(long HeapBytes, long HeapObjects, IReadOnlyDictionary<string, long> Counts);

/// <summary>
/// The real dotnet-gcdump (local tool, `dotnet tool restore`): collects a gcdump of a running process, and reads one back
/// with its own `report`, the independent oracle of the gcdump type table. Shares no code with MemAnalyzer.
/// </summary>
public static partial class GcDumpOracle
{
    public static string Collect(int pid, string path)
    {
        var result = Tool(["collect", "-p", pid.ToString(CultureInfo.InvariantCulture), "-o", path]);
        Assert.True(result.ExitCode == 0 && File.Exists(path), $"dotnet-gcdump collect failed (scripts/setup.sh restores it):\n{result}");
        return path;
    }

    public static GcDumpReport Report(string path)
    {
        var result = Tool(["report", path]);
        Assert.True(result.ExitCode == 0, $"dotnet-gcdump report failed:\n{result}");
        var lines = result.StandardOutput.Split('\n', StringSplitOptions.TrimEntries);
        long Summary(string label) => long.Parse(lines.Single(l => l.EndsWith(label, StringComparison.Ordinal)).Split(' ')[0], NumberStyles.AllowThousands, CultureInfo.InvariantCulture);
        var counts = new Dictionary<string, long>(StringComparer.Ordinal);
        foreach (var line in lines.SkipWhile(l => !l.StartsWith("Object Bytes", StringComparison.Ordinal)).Skip(1).Where(l => l.Length > 0))
        {
            var match = Row().Match(line);
            Assert.True(match.Success, $"unparseable dotnet-gcdump report row: '{line}'");
            var type = SizeBucket().Replace(match.Groups["type"].Value, "");
            counts[type] = counts.GetValueOrDefault(type) + long.Parse(match.Groups["count"].Value, NumberStyles.AllowThousands, CultureInfo.InvariantCulture);
        }
        return new GcDumpReport(Summary("GC Heap bytes"), Summary("GC Heap objects"), counts);
    }

    private static ProcessResult Tool(IEnumerable<string> arguments) =>
        ProcessRunner.Run("dotnet", ["tool", "run", "dotnet-gcdump", .. arguments], TimeSpan.FromMinutes(3), workingDirectory: RepositoryPaths.Root);

    /// <summary>"  160,024         1  Some.Type[] (Bytes > 100K)  [LeakyApp.dll]": the type's size, the count, the name, the module.</summary>
    [GeneratedRegex(@"^(?<size>[0-9,]+)\s+(?<count>[0-9,]+)\s{2}(?<type>.+?)(\s{2}\[[^\]]*\])?$")]
    private static partial Regex Row();

    [GeneratedRegex(@" \(Bytes > [0-9]+[KMG]?\)$")]
    private static partial Regex SizeBucket();
}

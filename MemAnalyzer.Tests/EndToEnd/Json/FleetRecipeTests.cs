using System.Text.Json;
using MemAnalyzer.Tests.EndToEnd.Retention;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Json;

/// <summary>
/// The fleet recipes of docs/scripting.md, their exact lines taken from there, on shards of 0, 1 and 3 dumps (a truncated one
/// among them): every shard gets the output a batch gets, an empty one writes nothing, and the job's exit says whether
/// every dump of the shard failed.
/// </summary>
[Collection(RetentionTargetCollection.Name)]
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed class FleetRecipeTests(RetentionTarget target) : IDisposable
{
    private static readonly string[] s_github = ["bash", "--noprofile", "--norc", "-eo", "pipefail"];
    private static readonly string[] s_targetFields = ["name", "processId", "time", "commandLine", "ageSeconds", "context", "types", "summary", "memoryMap"];
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void TheCiRecipeOnAnEmptyShardSucceedsWithoutRunningMemAnalyzerOrWritingAFile()
    {
        Directory.CreateDirectory(_directory.File("dumps"));
        var (result, recipe) = RunCi(shard: 2);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Empty(recipe.ExitCodes);
        Assert.False(File.Exists(_directory.File("triage-2.json")));
    }

    [Fact]
    public void TheCiRecipeOnAShardOfOneGoodDumpLabelsItAsABatchWould()
    {
        Dumps(("01.dmp", target.AfterPath));
        var (result, recipe) = RunCi(shard: 1);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal([0], recipe.ExitCodes);
        var targets = Targets("triage-1.json");
        AssertGood(Assert.Single(targets), "01.dmp", target.AfterPath);
    }

    [Fact]
    public void TheCiRecipeOnAShardOfOneBrokenDumpWritesItsErrorInTheJsonAndFailsTheJob()
    {
        Dumps(("01.dmp", null));
        var alone = AloneError("dumps/01.dmp");
        var (result, recipe) = RunCi(shard: 1);

        Assert.True(result.ExitCode == 1, result.ToString());
        Assert.Equal([ExitCodes.DumpInvalid], recipe.ExitCodes);
        AssertBroken(Assert.Single(Targets("triage-1.json")), "01.dmp", alone);
    }

    [Fact]
    public void TheCiRecipeOnAShardOfThreeDumpsWritesTheGoodOnesRowsAndTheBrokenOnesErrorAndSucceeds()
    {
        // Of nine dumps, shard 1 of 4 takes the 1st, 5th and 9th; the others are never read.
        Dumps(("01.dmp", target.BeforePath), ("02.dmp", ""), ("03.dmp", ""), ("04.dmp", ""), ("05.dmp", null), ("06.dmp", ""), ("07.dmp", ""), ("08.dmp", ""), ("09.dmp", target.AfterPath));
        var alone = AloneError("dumps/05.dmp");
        var (result, recipe) = RunCi(shard: 1);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal([ExitCodes.BatchPartlyFailed], recipe.ExitCodes);
        var targets = Targets("triage-1.json");
        Assert.Equal(3, targets.Count);
        AssertGood(targets[0], "01.dmp", target.BeforePath);
        AssertBroken(targets[1], "05.dmp", alone);
        AssertGood(targets[2], "09.dmp", target.AfterPath);
    }

    [Fact]
    public void TheKubernetesRecipeSkipsAnEmptyShardAndAppendsTheDumpsOfShardsOfOneAndThreeToOneCsv()
    {
        var incoming = Directory.CreateDirectory(_directory.File("incoming")).FullName;
        var script = FleetRecipe.KubernetesArgs.Replace("/triage", _directory.Path, StringComparison.Ordinal);
        var recipe = new FleetRecipe(_directory);
        ProcessResult Index(int index) => recipe.Run(["sh"], script, new Dictionary<string, string?> { ["JOB_COMPLETION_INDEX"] = $"{index}" });

        var empty = Index(0);
        Place(Path.Combine(incoming, "00.dmp"), target.BeforePath);
        var one = Index(1);
        File.Delete(Path.Combine(incoming, "00.dmp"));
        // Of seventeen dumps, index 1 of 8 takes the 1st, 9th and 17th; the others are never read.
        foreach (var name in Enumerable.Range(1, 17).Select(i => $"{i:D2}.dmp"))
        {
            Place(Path.Combine(incoming, name), name switch { "01.dmp" => target.BeforePath, "09.dmp" => null, "17.dmp" => target.AfterPath, _ => "" });
        }
        var three = Index(1);

        Assert.True((empty.ExitCode, one.ExitCode, three.ExitCode) == (0, 0, 0), $"{empty}\n{one}\n{three}");
        Assert.Equal([0, ExitCodes.BatchPartlyFailed], recipe.ExitCodes);
        var blocks = CsvFile.Read(_directory.File("fleet.csv")).Rows.GroupBy(r => r["Name"]).ToList();
        // The dumps of one shard run in parallel, so their blocks come in either order.
        Assert.Equal("00.dmp", blocks[0].Key);
        Assert.Equal(["01.dmp", "17.dmp"], blocks.Skip(1).Select(b => b.Key).Order(StringComparer.Ordinal));
        Assert.All(blocks, b => Assert.All(b, r => Assert.Equal(("", "live"), (r["Context"], r["Selection"]))));
        Assert.Equal(ClrMdOracle.Compute(target.BeforePath, ObjectSet.Live).Values.Sum(v => v.Count),
            CsvFile.Number(blocks[0].Single(r => r["Type"] == "Managed Heap(Allocated)!"), "Instances(Count)"));
    }

    private (ProcessResult Result, FleetRecipe Recipe) RunCi(int shard)
    {
        var recipe = new FleetRecipe(_directory);
        var script = FleetRecipe.CiStep.Replace("${{ matrix.shard }}", $"{shard}", StringComparison.Ordinal);
        return (recipe.Run(s_github, script, new Dictionary<string, string?> { ["GITHUB_RUN_ID"] = "42" }), recipe);
    }

    /// <summary>The error line of the dump's own table run: the message its JSON target must carry.</summary>
    private string AloneError(string dump)
    {
        var alone = ProcessRunner.Run("dotnet", [RepositoryPaths.MemAnalyzerDll, "-f", dump], workingDirectory: _directory.Path);
        Assert.Equal(ExitCodes.DumpInvalid, alone.ExitCode);
        return Assert.Single(alone.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries))["error: ".Length..];
    }

    /// <summary>The dumps folder: a link to a real dump, a truncated copy (null), or an empty file that the shard never reads ("").</summary>
    private void Dumps(params (string Name, string? Source)[] dumps)
    {
        var folder = Directory.CreateDirectory(_directory.File("dumps")).FullName;
        foreach (var (name, source) in dumps)
        {
            Place(Path.Combine(folder, name), source);
        }
    }

    private void Place(string path, string? source)
    {
        if (source is { Length: > 0 })
        {
            File.CreateSymbolicLink(path, source);
            return;
        }
        var bytes = new byte[source is null ? 2 << 20 : 0];
        using (var good = File.OpenRead(target.BeforePath))
        {
            good.ReadExactly(bytes);
        }
        File.WriteAllBytes(path, bytes);
    }

    private List<JsonElement> Targets(string file)
    {
        using var json = JsonReportText.Read(_directory.File(file));
        Assert.Equal(("memanalyzer/1", "types", "live"), (json.RootElement.GetProperty("schema").GetString(), json.RootElement.GetProperty("mode").GetString(), json.RootElement.GetProperty("selection").GetString()));
        return [.. json.RootElement.GetProperty("targets").EnumerateArray().Select(t => t.Clone())];
    }

    private static void AssertGood(JsonElement target, string name, string dump)
    {
        Assert.Equal(s_targetFields, target.EnumerateObject().Select(p => p.Name));
        Assert.Equal((name, "42"), (target.GetProperty("name").GetString(), target.GetProperty("context").GetString()));
        var oracle = ClrMdOracle.Compute(dump, ObjectSet.Live);
        Assert.Equal(oracle.OrderBy(p => p.Key, StringComparer.Ordinal), JsonReportText.Counts(target, "types").OrderBy(p => p.Key, StringComparer.Ordinal));
    }

    private static void AssertBroken(JsonElement target, string name, string message) =>
        Assert.Equal($$$"""{"name":"{{{name}}}","context":"42","error":{"exitCode":4,"message":{{{JsonSerializer.Serialize(message)}}}}}""",
            JsonSerializer.Serialize(target));
}

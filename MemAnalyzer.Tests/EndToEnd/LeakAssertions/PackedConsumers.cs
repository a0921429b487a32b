using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.LeakAssertions;

/// <summary>
/// MemAnalyzer.Testing packed into a local folder under a version of its own (so NuGet's cache never serves an older
/// build), and the user projects of TestTargets/LeakAssertConsumer (xUnit v2), LeakAssertConsumerNUnit, LeakAssertConsumerXunit3 and LeakAssertConsumerMSTest copied out of
/// the repository, restored from that folder and run with <c>dotnet test</c>, as a user would. Once per test class.
/// </summary>
public sealed class PackedConsumers : IDisposable
{
    private static readonly TimeSpan s_timeout = TimeSpan.FromMinutes(10);
    private readonly TempDirectory _directory = new();

    public PackedConsumers()
    {
        Version = $"1.0.0-test.{DateTime.UtcNow:yyyyMMddHHmmssfff}.{Environment.ProcessId}";
        Feed = Path.Combine(_directory.Path, "feed");
        var pack = ProcessRunner.Run("dotnet", ["pack", Path.Combine(RepositoryPaths.Root, "MemAnalyzer.Testing"), "-c", "Release", "--no-build", "-p:BuildProjectReferences=false",
            "-o", Feed, $"-p:PackageVersion={Version}", "--nologo", "-v", "q"], s_timeout);
        Assert.True(pack.ExitCode == 0, pack.ToString());
        XUnit = Run("LeakAssertConsumer", new Dictionary<string, string?>());
        NUnit = Run("LeakAssertConsumerNUnit", new Dictionary<string, string?> { ["MEMANALYZER_KEEPDUMP"] = "0" });
        XUnit3 = Run("LeakAssertConsumerXunit3", new Dictionary<string, string?>());
        MSTest = Run("LeakAssertConsumerMSTest", new Dictionary<string, string?>());
    }

    public string Version { get; }

    public string Feed { get; }

    public ConsumerRun XUnit { get; }

    public ConsumerRun NUnit { get; }

    public ConsumerRun XUnit3 { get; }

    public ConsumerRun MSTest { get; }

    private ConsumerRun Run(string project, Dictionary<string, string?> environment)
    {
        var folder = Path.Combine(_directory.Path, project);
        Copy(Path.Combine(RepositoryPaths.Root, "MemAnalyzer.Tests", "TestTargets", project), folder);
        File.WriteAllText(Path.Combine(folder, "nuget.config"), $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <packageSources>
                <add key="memanalyzer-packed" value="{Feed}" />
              </packageSources>
            </configuration>
            """);
        var results = Path.Combine(_directory.Path, project + "-results");
        var run = ProcessRunner.Run("dotnet", ["test", folder, $"-p:MemAnalyzerTestingVersion={Version}", "--nologo",
            // Detailed console output shows what the test process writes to its standard output and error (where the
            // runtime's dump writer would print its "[createdump]" lines).
            "--logger", "trx;LogFileName=results.trx", "--logger", "console;verbosity=detailed", "--results-directory", results], s_timeout, environment);
        var trx = Path.Combine(results, "results.trx");
        Assert.True(File.Exists(trx), run.ToString());
        return new ConsumerRun(run, TrxResults.Read(trx), Path.Combine(folder, "bin", "Debug", "net10.0"));
    }

    private static void Copy(string from, string to)
    {
        Directory.CreateDirectory(to);
        foreach (var file in Directory.GetFiles(from))
        {
            File.Copy(file, Path.Combine(to, Path.GetFileName(file)));
        }
    }

    public void Dispose()
    {
        _directory.Dispose();
        // The package's copy in NuGet's global cache is of this run only.
        var cache = Environment.GetEnvironmentVariable("NUGET_PACKAGES")
            ?? Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".nuget", "packages");
        var cached = Path.Combine(cache, "memanalyzer.testing", Version);
        if (Directory.Exists(cached))
        {
            Directory.Delete(cached, recursive: true);
        }
    }
}

/// <summary>One consumer project's <c>dotnet test</c>: its console output, each test's result, and its output folder (where kept dumps go).</summary>
public sealed record ConsumerRun(ProcessResult Process, IReadOnlyDictionary<string, TrxResult> Results, string OutputFolder);

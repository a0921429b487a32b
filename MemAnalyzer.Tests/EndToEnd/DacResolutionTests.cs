using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Text.RegularExpressions;
using MemAnalyzer.Dac;
using MemAnalyzer.TestTargets;
using MemAnalyzer.Tests.Infrastructure;
using Microsoft.Diagnostics.NETCore.Client;

namespace MemAnalyzer.Tests.EndToEnd;

/// <summary>
/// A customer's dump: LeakyApp published self-contained on another runtime (ExpectedCounts.OtherRuntimeVersion, from the
/// registry's runtime pack), started from a folder that is deleted after the dump, so no runtime here can serve its DAC.
/// </summary>
public sealed class OtherRuntimeDump : IDisposable
{
    private const string ProjectName = "LeakyAppNet8";
    private readonly TempDirectory _directory = new();

    public OtherRuntimeDump()
    {
        PublishedRuntime = Publish();
        var app = Path.Combine(_directory.Path, "customer-app");
        CopyDirectory(PublishedRuntime, app);
        CoreClrBuildId = Readelf.BuildId(Path.Combine(app, DacLocator.CoreClrFileName));
        DumpPath = _directory.File("customer.dmp");
        DumpWhileRunning(Path.Combine(app, ProjectName), DumpPath);
        Directory.Delete(app, recursive: true);
    }

    /// <summary>The publish folder: a runtime folder "copied from the customer's machine" for the collector.</summary>
    public string PublishedRuntime { get; }

    public string CoreClrBuildId { get; }

    public string DumpPath { get; }

    private static string Publish()
    {
        var project = Path.Combine(RepositoryPaths.TestTargets, ProjectName, ProjectName + ".csproj");
        var output = Path.Combine(AppContext.BaseDirectory, "targets", ProjectName);
        var result = ProcessRunner.Run("dotnet", ["publish", project, "-c", "Release", "-o", output, "--nologo", "-v", "q",
            $"-p:RuntimeFrameworkVersion={ExpectedCounts.OtherRuntimeVersion}", "-p:UseSharedCompilation=false", "--disable-build-servers"],
            TimeSpan.FromMinutes(5));
        if (result.ExitCode != 0)
        {
            throw new InvalidOperationException($"publishing {ProjectName} failed:\n{result}");
        }
        return output;
    }

    private static void DumpWhileRunning(string executable, string dumpPath)
    {
        var info = new ProcessStartInfo(executable, ["roots"])
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        using var process = Process.Start(info) ?? throw new InvalidOperationException($"could not start {executable}");
        process.ErrorDataReceived += (_, _) => { };
        process.BeginErrorReadLine();
        try
        {
            var ready = Task.Run(() =>
            {
                string? line;
                while ((line = process.StandardOutput.ReadLine()) is not null && !line.StartsWith(ExpectedCounts.ReadyLine, StringComparison.Ordinal))
                {
                }
                return line is not null;
            });
            if (!ready.Wait(TimeSpan.FromSeconds(60)) || !ready.Result)
            {
                throw new InvalidOperationException($"{executable} did not print '{ExpectedCounts.ReadyLine}' (exited: {process.HasExited})");
            }
            new DiagnosticsClient(process.Id).WriteDump(DumpType.WithHeap, dumpPath, logDumpGeneration: false);
        }
        finally
        {
            process.Kill(entireProcessTree: true);
            process.WaitForExit(10_000);
        }
    }

    public static void CopyDirectory(string source, string destination)
    {
        Directory.CreateDirectory(destination);
        foreach (var file in Directory.EnumerateFiles(source))
        {
            File.Copy(file, Path.Combine(destination, Path.GetFileName(file)));
        }
    }

    public void Dispose() => _directory.Dispose();
}

[CollectionDefinition(Name)]
public sealed class OtherRuntimeCollection : ICollectionFixture<OtherRuntimeDump>
{
    public const string Name = "dump of another runtime";
}

/// <summary>
/// A copy of the built MemAnalyzer in its own folder (outside the repository), run with its own DAC collection
/// (MEMANALYZER_DACDIR), so that no DAC collected by a developer into the repository's dacs/ or their own collection
/// can make a test pass or fail.
/// </summary>
public sealed class IsolatedTool : IDisposable
{
    private readonly TempDirectory _directory = new();

    public IsolatedTool()
    {
        var testProject = Path.Combine(RepositoryPaths.Root, "MemAnalyzer.Tests");
        var build = Path.Combine(RepositoryPaths.Root, "MemAnalyzer", Path.GetRelativePath(testProject, AppContext.BaseDirectory));
        OtherRuntimeDump.CopyDirectory(build, _directory.Path);
    }

    public string Directory => _directory.Path;

    public string Dacs => Path.Combine(_directory.Path, "dacs");

    public string Collector => Path.Combine(_directory.Path, "collect-dacs.sh");

    public ProcessResult Run(params string[] arguments) => Run(arguments, environment: null);

    public ProcessResult Run(IEnumerable<string> arguments, IDictionary<string, string?>? environment) =>
        ProcessRunner.Run("dotnet", [Path.Combine(_directory.Path, "MemAnalyzer.dll"), .. arguments], TimeSpan.FromMinutes(2),
            new Dictionary<string, string?>(environment ?? new Dictionary<string, string?>()) { [DacCollectionPath.DacDirectoryVariable] = Dacs });

    public ProcessResult Collect(params string[] arguments) => ProcessRunner.Run(Collector, arguments, TimeSpan.FromMinutes(5));

    public void Dispose() => _directory.Dispose();
}

[Collection(OtherRuntimeCollection.Name)]
public sealed class DacResolutionTests(OtherRuntimeDump dump)
{
    private static readonly string s_installedRuntime = RuntimeEnvironment.GetRuntimeDirectory();

    [Fact]
    public void ADumpOfARuntimeThatIsNotHereFailsWithOneMessageNamingVersionBuildIdEveryPlaceAndTheFetchCommand()
    {
        using var tool = new IsolatedTool();

        var result = tool.Run("-f", dump.DumpPath);

        Assert.Equal(30, result.ExitCode);
        Assert.Equal("", result.StandardOutput);
        var message = "error: " + CliAssert.ErrorMessage(result.StandardError);
        Assert.StartsWith("error: no DAC (libmscordaccore.so) matches the .NET runtime " +
            $"{ExpectedCounts.OtherRuntimeVersion} (x64, libcoreclr build-id {dump.CoreClrBuildId}) that wrote this target", message, StringComparison.Ordinal);
        Assert.Contains($"{tool.Dacs} (dacs collection)", message, StringComparison.Ordinal);
        Assert.Contains("customer-app (runtime directory recorded in the dump)", message, StringComparison.Ordinal);
        Assert.Contains($"{s_installedRuntime.TrimEnd('/')} (installed runtime)", message, StringComparison.Ordinal);
        Assert.Contains($"run: {tool.Collector} --dacs {tool.Dacs} --nuget {ExpectedCounts.OtherRuntimeVersion} ", message, StringComparison.Ordinal);
    }

    [Fact]
    public void AfterTheCollectorImportsTheRuntimePackTheDumpAnalyzesWithExactCountsAndNoBindirWarning()
    {
        using var tool = new IsolatedTool();
        var failure = tool.Run("-f", dump.DumpPath);
        var command = Regex.Match(CliAssert.ErrorMessage(failure.StandardError), @"run: (\S+) --dacs (\S+) --nuget (\S+) ");
        Assert.True(command.Success, failure.ToString());

        // Exactly the command the message gave; the runtime pack comes from the NuGet cache after the first restore.
        var collected = tool.Collect("--dacs", command.Groups[2].Value, "--nuget", command.Groups[3].Value);

        Assert.True(collected.ExitCode == 0, collected.ToString());
        var relative = $"linux-x64/{ExpectedCounts.OtherRuntimeVersion}/libmscordaccore.so";
        Assert.Contains($"{dump.CoreClrBuildId}\tlinux-x64\t{ExpectedCounts.OtherRuntimeVersion}\t{relative}",
            File.ReadAllLines(Path.Combine(tool.Dacs, DacIndex.FileName)));
        var result = tool.Run("-f", dump.DumpPath, "-dtn", "100000");
        Assert.True(result.ExitCode == 0, result.ToString());
        AssertExactCounts(result);
        // createdump --withheap holds what the walk needs; the app's folder, gone, and the system's libraries are not missed.
        Assert.DoesNotContain("-bindir", result.StandardError, StringComparison.Ordinal);
    }

    [Fact]
    public void ADacOfAnotherBuildPlacedInDacsUnderTheDumpsVersionAndIndexedUnderItsBuildIdIsRejected()
    {
        using var tool = new IsolatedTool();
        var folder = Path.Combine(tool.Dacs, "linux-x64", ExpectedCounts.OtherRuntimeVersion);
        Directory.CreateDirectory(folder);
        File.Copy(Path.Combine(s_installedRuntime, DacLocator.DacFileName), Path.Combine(folder, DacLocator.DacFileName));
        File.Copy(Path.Combine(s_installedRuntime, DacLocator.CoreClrFileName), Path.Combine(folder, DacLocator.CoreClrFileName));
        File.WriteAllText(Path.Combine(tool.Dacs, DacIndex.FileName),
            $"{dump.CoreClrBuildId}\tlinux-x64\t{ExpectedCounts.OtherRuntimeVersion}\tlinux-x64/{ExpectedCounts.OtherRuntimeVersion}/{DacLocator.DacFileName}\n");
        var installedBuildId = Readelf.BuildId(Path.Combine(s_installedRuntime, DacLocator.CoreClrFileName));

        var result = tool.Run("-f", dump.DumpPath);

        Assert.Equal(30, result.ExitCode);
        Assert.Contains($"Rejected: {Path.Combine(folder, DacLocator.DacFileName)}: its libcoreclr.so has build-id {installedBuildId}, " +
            $"not {dump.CoreClrBuildId}", CliAssert.ErrorMessage(result.StandardError), StringComparison.Ordinal);
    }

    [Fact]
    public void DacDirWinsOverTheDacsCollection()
    {
        using var tool = new IsolatedTool();
        using var customerCopy = new TempDirectory();
        // The collection holds the right runtime build, but its DAC broke off while copied: it must not be the one used.
        Assert.Equal(0, tool.Collect("--dacs", tool.Dacs, "--from", dump.PublishedRuntime).ExitCode);
        var collected = Path.Combine(tool.Dacs, "linux-x64", ExpectedCounts.OtherRuntimeVersion, DacLocator.DacFileName);
        File.WriteAllBytes(collected, File.ReadAllBytes(collected)[..4096]);
        File.Copy(Path.Combine(dump.PublishedRuntime, DacLocator.DacFileName), customerCopy.File(DacLocator.DacFileName));
        File.Copy(Path.Combine(dump.PublishedRuntime, DacLocator.CoreClrFileName), customerCopy.File(DacLocator.CoreClrFileName));

        var withDacDir = tool.Run("-f", dump.DumpPath, "-dtn", "100000", "-dacdir", customerCopy.Path);
        var withoutDacDir = tool.Run("-f", dump.DumpPath);

        Assert.True(withDacDir.ExitCode == 0, withDacDir.ToString());
        AssertExactCounts(withDacDir);
        Assert.Equal(30, withoutDacDir.ExitCode);
        Assert.Contains($"Rejected: {collected}: it is truncated (4,096 of ", CliAssert.ErrorMessage(withoutDacDir.StandardError), StringComparison.Ordinal);
    }

    [Fact]
    public void ASymbolStoreNamedInNtSymbolPathIsSearchedLocallyAndItsServerIsNeverAsked()
    {
        using var tool = new IsolatedTool();
        using var store = new TempDirectory();
        var keyed = Path.Combine(store.Path, DacLocator.DacFileName, $"elf-buildid-coreclr-{dump.CoreClrBuildId}");
        Directory.CreateDirectory(keyed);
        File.Copy(Path.Combine(dump.PublishedRuntime, DacLocator.DacFileName), Path.Combine(keyed, DacLocator.DacFileName));

        var result = tool.Run(["-f", dump.DumpPath, "-dtn", "100000"],
            new Dictionary<string, string?> { ["_NT_SYMBOL_PATH"] = $"srv*{store.Path}*https://msdl.microsoft.com/download/symbols" });

        Assert.True(result.ExitCode == 0, result.ToString());
        AssertExactCounts(result);
    }

    [Fact]
    public void TheCollectorImportsTheInstalledRuntimeUnderItsVersionAndBuildId()
    {
        using var tool = new IsolatedTool();
        var version = Path.GetFileName(s_installedRuntime.TrimEnd('/'));
        var buildId = Readelf.BuildId(Path.Combine(s_installedRuntime, DacLocator.CoreClrFileName));

        var collected = tool.Collect("--dacs", tool.Dacs, "--installed");

        Assert.True(collected.ExitCode == 0, collected.ToString());
        Assert.Contains($"{buildId} linux-x64 {version} {Path.Combine(tool.Dacs, "linux-x64", version, DacLocator.DacFileName)}", collected.StandardOutput, StringComparison.Ordinal);
        Assert.Contains($"{buildId}\tlinux-x64\t{version}\tlinux-x64/{version}/{DacLocator.DacFileName}", File.ReadAllLines(Path.Combine(tool.Dacs, DacIndex.FileName)));
    }

    [Fact]
    public void ForcingTheInstalledRuntimesDacOntoThisDumpFailsWithItsOwnExitCodeInsteadOfAnInternalError()
    {
        using var tool = new IsolatedTool();

        var result = tool.Run("-f", dump.DumpPath, "-ignoredacmismatch");

        Assert.Equal(31, result.ExitCode);
        Assert.StartsWith($"the DAC {Path.Combine(s_installedRuntime, DacLocator.DacFileName)}, forced by -ignoredacmismatch, cannot read the heap of runtime " +
            $"{ExpectedCounts.OtherRuntimeVersion} (libcoreclr build-id {dump.CoreClrBuildId})", CliAssert.ErrorMessage(result.StandardError), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(ObjectSet.All)]
    [InlineData(ObjectSet.Live)]
    [InlineData(ObjectSet.Dead)]
    public void ADumpOfAnotherRuntimeAnalyzedWithItsDacEqualsTheOracleOpenedWithThatRuntimesDac(ObjectSet set)
    {
        var result = MemAnalyzerCli.Run(["-f", dump.DumpPath, "-dts", "100000", "-dacdir", dump.PublishedRuntime, .. set.Switch()]);
        using var opened = LocalDump.Open(dump.DumpPath, Path.Combine(dump.PublishedRuntime, "libmscordaccore.so"), ExpectedCounts.OtherRuntimeVersion);
        var expected = ClrMdOracle.Compute(opened, set);

        Assert.True(result.ExitCode == 0, result.ToString());
        var actual = TableOutput.Parse(result.StandardOutput).Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal))
            .ToDictionary(r => r.Label, r => (r.Count!.Value, r.Bytes), StringComparer.Ordinal);
        Assert.Equal(expected.OrderBy(p => p.Key, StringComparer.Ordinal), actual.OrderBy(p => p.Key, StringComparer.Ordinal));
    }

    /// <summary>Every planted object, exactly; the runtime itself adds two delegates of the planted delegate type on .NET 8.</summary>
    private static void AssertExactCounts(ProcessResult result)
    {
        var rows = TableOutput.Parse(result.StandardOutput);
        foreach (var planted in PlantedObjects.All)
        {
            var count = planted.TypeName == "System.Func<System.String>" ? planted.Count + ExpectedCounts.OtherRuntimeOwnFuncs : planted.Count;
            Assert.True(rows.ContainsKey(planted.TypeName), $"{planted.TypeName} missing\n{result}");
            Assert.Equal((count, count * planted.Size), (rows[planted.TypeName].Count!.Value, rows[planted.TypeName].Bytes));
        }
    }
}

public sealed class DacPlatformTests
{
    [Fact]
    public void AWindowsMinidumpIsRefusedPlainlyBecauseNoLinuxDacExistsForAWindowsRuntime()
    {
        using var directory = new TempDirectory();
        var dump = directory.File("customer.dmp");
        // The MINIDUMP_HEADER a Windows dump starts with: signature "MDMP", version 0xA793, 3 streams.
        File.WriteAllBytes(dump, [.. "MDMP"u8, 0x93, 0xA7, 0, 0, 3, 0, 0, 0, 0x20, 0, 0, 0, .. new byte[20]]);

        var result = MemAnalyzerCli.Run("-f", dump);

        Assert.Equal(32, result.ExitCode);
        Assert.Equal($"error: '{dump}' is a Windows minidump: no Linux DAC exists for a Windows runtime, so its heap can only be analyzed on Windows " +
            "(MemAnalyzer, WinDbg or PerfView there)", result.StandardError.TrimEnd());
    }
}

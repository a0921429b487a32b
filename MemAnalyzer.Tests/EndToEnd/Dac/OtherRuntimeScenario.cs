using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Dac;

/// <summary>
/// A customer's dump: the test target on .NET 9 (self-contained, not installed here), dumped, and its folder then moved
/// away, so that nothing on this machine has its DAC until one is collected.
/// </summary>
public sealed class OtherRuntimeScenario : IDisposable
{
    private readonly TempDirectory _directory = new();

    [System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
    public OtherRuntimeScenario()
    {
        var built = Path.GetDirectoryName(TestTargetBuilder.Build("LeakyAppNet9"))!;
        var app = _directory.File("app");
        CopyDirectory(built, app);
        using (var target = TargetProcess.StartProgram(Path.Combine(app, "LeakyAppNet9"), "walkthrough"))
        {
            DumpPath = _directory.File("net9.dmp");
            var result = MemAnalyzerCli.Run(["-procdump", "-mp", target.Pid.ToString(CultureInfo.InvariantCulture), DumpPath], new Dictionary<string, string?> { ["PATH"] = "/nonexistent" });
            Assert.True(result.ExitCode == 0, result.ToString());
        }
        RuntimeFolder = _directory.File("copied-from-the-customer");
        Directory.Move(app, RuntimeFolder);
        CoreClrBuildId = Convert.ToHexStringLower(MemAnalyzer.Heap.ElfImage.ReadBuildId(Path.Combine(RuntimeFolder, "libcoreclr.so"))!);
    }

    public string DumpPath { get; }

    /// <summary>The app's folder with its runtime, as a user would copy it from the customer's machine.</summary>
    public string RuntimeFolder { get; }

    public string CoreClrBuildId { get; }

    public string Version => ExpectedCounts.OtherRuntimeVersion;

    public string File(string name) => _directory.File(name);

    public void Dispose() => _directory.Dispose();

    [System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
    private static void CopyDirectory(string from, string to)
    {
        Directory.CreateDirectory(to);
        foreach (var file in Directory.EnumerateFiles(from))
        {
            var copy = Path.Combine(to, Path.GetFileName(file));
            System.IO.File.Copy(file, copy);
            System.IO.File.SetUnixFileMode(copy, System.IO.File.GetUnixFileMode(file));
        }
    }
}

using System.Globalization;
using System.Text.Json;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Capture;

/// <summary>
/// -procdump's -mp is the original's heap dump whichever writer is installed (ProcDump for Linux 1.2 writes only full
/// dumps, so the runtime writes it), and each writer's result line says what kind of dump it wrote; a ProcDump -o
/// prefix gets ProcDump's name from either writer.
/// </summary>
[Collection(RootsCollection.Name)]
public sealed class DumpKindTests(RootsScenario scenario) : IDisposable
{
    private static readonly Dictionary<string, string?> s_withoutProcDump = new() { ["PATH"] = "/nonexistent" };
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    private string Pid => scenario.Target.Pid.ToString(CultureInfo.InvariantCulture);

    [Fact]
    public void MpWritesAHeapDumpThroughTheRuntimeEvenWithProcDumpInstalledAndMaAFullOneThroughProcDump()
    {
        Assert.True(File.Exists("/usr/bin/procdump"), "scripts/setup.sh installs procdump");

        var heap = MemAnalyzerCli.Run("-procdump", "-mp", Pid, _directory.File("heap.dmp"));
        var full = MemAnalyzerCli.Run("-procdump", "-ma", Pid, _directory.File("full.dmp"));

        Assert.True(heap.ExitCode == 0, heap.ToString());
        Assert.True(full.ExitCode == 0, full.ToString());
        Assert.Matches($@"^Dump written by createdump: {_directory.File("heap.dmp")} \([\d.]+ MB, heap dump\)", heap.StandardOutput);
        Assert.Equal("note: -mp asks for a heap dump, which ProcDump for Linux 1.2 cannot write; the runtime wrote it", heap.StandardError.Trim());
        Assert.Matches($@"Dump written by procdump: {_directory.File("full.dmp")} \([\d.]+ MB, full dump\)", full.StandardOutput);
        Assert.Equal("WithHeap", DumpType(_directory.File("heap.dmp")));
        // A heap dump leaves out the code pages of the loaded images, which a full dump holds.
        Assert.True(new FileInfo(_directory.File("heap.dmp")).Length < new FileInfo(_directory.File("full.dmp")).Length);
    }

    [Fact]
    public void WithoutProcDumpAProcDumpPrefixGetsProcDumpsNameToo()
    {
        var result = MemAnalyzerCli.Run(["-procdump", "-p", Pid, "-o", _directory.File("pre")], s_withoutProcDump);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.StartsWith($"Dump written by createdump: {_directory.File($"pre_0.{Pid}")} (", result.StandardOutput, StringComparison.Ordinal);
        Assert.True(File.Exists(_directory.File($"pre_0.{Pid}") + ".smaps"));
        Assert.False(File.Exists(_directory.File("pre.dmp")));
    }

    private static string? DumpType(string dump)
    {
        using var metadata = JsonDocument.Parse(File.ReadAllText(dump + ".metadata.json"));
        return metadata.RootElement.GetProperty("dumpType").GetString();
    }
}

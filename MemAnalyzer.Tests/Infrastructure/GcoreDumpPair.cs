namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// LeakyApp (roots mode), frozen, dumped once by its runtime's createdump and once by gdb's gcore (which leaves out the
/// memory mapped from files), with the folders of its binaries: the app's and the runtime's. Stopped for both dumps: an idle
/// runtime still allocates now and then, and the counts must be the same.
/// </summary>
public sealed class GcoreDumpPair : IDisposable
{
    private readonly TempDirectory _directory = new();

    public GcoreDumpPair()
    {
        AppFolder = Path.GetDirectoryName(TestTargetBuilder.Build("LeakyApp"))!;
        using var target = TargetProcess.Start("LeakyApp", "roots", "--count", "2000");
        RuntimeFolder = File.ReadLines($"/proc/{target.Pid}/maps").Select(l => l.Split(' ', StringSplitOptions.RemoveEmptyEntries))
            .Where(f => f.Length >= 6 && f[5].EndsWith("/libcoreclr.so", StringComparison.Ordinal))
            .Select(f => Path.GetDirectoryName(f[5])!)
            .First();
        using var frozen = target.Freeze();
        Createdump = frozen.WriteDump(_directory.File("createdump.dmp"));
        var prefix = _directory.File("gcore");
        var gcore = ProcessRunner.Run("gcore", ["-o", prefix, frozen.Pid], TimeSpan.FromMinutes(2));
        Assert.True(gcore.ExitCode == 0, gcore.ToString());
        Gcore = $"{prefix}.{frozen.Pid}";
    }

    public string AppFolder { get; }

    public string RuntimeFolder { get; }

    public string Createdump { get; }

    public string Gcore { get; }

    public void Dispose() => _directory.Dispose();
}

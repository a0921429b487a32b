using System.Globalization;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// A memory cgroup of its own with a limit, as a container has (the tests run as root): the real CLI runs inside it, and
/// the runtime, reading the limit, caps its heap at 75 % of it. cgroup v1's memory controller, else cgroup v2's.
/// Removed when disposed.
/// </summary>
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed class CgroupMemoryLimit : IDisposable
{
    private const string Version1 = "/sys/fs/cgroup/memory";
    private const string Version2 = "/sys/fs/cgroup";
    private readonly string _directory;
    private readonly string _tasks;

    public CgroupMemoryLimit(long bytes)
    {
        var name = $"memanalyzer-test-{Guid.NewGuid():N}";
        var limit = bytes.ToString(CultureInfo.InvariantCulture);
        if (Directory.Exists(Version1))
        {
            _directory = Path.Combine(Version1, name);
            Directory.CreateDirectory(_directory);
            File.WriteAllText(Path.Combine(_directory, "memory.limit_in_bytes"), limit);
            _tasks = Path.Combine(_directory, "tasks");
        }
        else
        {
            Assert.True(File.Exists(Path.Combine(Version2, "cgroup.controllers")) && File.ReadAllText(Path.Combine(Version2, "cgroup.controllers")).Contains("memory", StringComparison.Ordinal),
                "this test needs a memory cgroup it may create (cgroup v1's memory controller, or cgroup v2's) and root");
            // A child has the memory controller only when its parent hands it down.
            var subtree = Path.Combine(Version2, "cgroup.subtree_control");
            if (!File.ReadAllText(subtree).Contains("memory", StringComparison.Ordinal))
            {
                File.WriteAllText(subtree, "+memory");
            }
            _directory = Path.Combine(Version2, name);
            Directory.CreateDirectory(_directory);
            File.WriteAllText(Path.Combine(_directory, "memory.max"), limit);
            _tasks = Path.Combine(_directory, "cgroup.procs");
        }
    }

    /// <summary>Runs the real CLI inside the cgroup: a shell moves itself in, then becomes the CLI.</summary>
    public ProcessResult RunCli(params string[] arguments) =>
        ProcessRunner.Run("sh", ["-c", "echo $$ > \"$0\" && exec \"$@\"", _tasks, .. MemAnalyzerCli.Command(arguments)]);

    public void Dispose()
    {
        // Empty once its processes have ended; a process that lingers a moment keeps it busy.
        for (var attempt = 0; attempt < 50; attempt++)
        {
            try
            {
                Directory.Delete(_directory);
                return;
            }
            catch (IOException)
            {
                Thread.Sleep(100);
            }
        }
    }
}

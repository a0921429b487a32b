using System.Globalization;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// Test targets owned by another user (memanalyzer-target, created by scripts/setup.sh), and MemAnalyzer run without
/// CAP_SYS_PTRACE (capsh --drop): the tests run as root, which may ptrace anyone, as Kubernetes pods may not.
/// </summary>
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public static class OtherUser
{
    public const string Name = "memanalyzer-target";

    /// <summary>
    /// A new 0700 directory in /tmp owned by the other user, for its TMPDIR (and so its diagnostics socket). The name is
    /// short: a socket's path holds at most 107 bytes, and the runtime truncates a longer one.
    /// </summary>
    public static string CreatePrivateDirectory()
    {
        EnsureExists();
        var path = Path.Combine("/tmp", $"ma-{Guid.NewGuid():N}"[..11]);
        Directory.CreateDirectory(path, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        Run("chown", Name, path);
        return path;
    }

    /// <summary>Starts a test target as the other user, with <paramref name="tmpDir"/> as its TMPDIR and HOME.</summary>
    public static TargetProcess Start(string projectName, string tmpDir, IEnumerable<string> environment, params string[] arguments) =>
        TargetProcess.StartProgram("setpriv",
            [$"--reuid={Name}", $"--regid={Name}", "--clear-groups", "env", $"TMPDIR={tmpDir}", $"HOME={tmpDir}", .. environment,
             "dotnet", TestTargetBuilder.Build(projectName), .. arguments]);

    /// <summary>Runs the real CLI with CAP_SYS_PTRACE dropped from its capability sets.</summary>
    public static ProcessResult RunWithoutPtrace(params string[] arguments) => RunWithoutPtrace(arguments, environment: null);

    public static ProcessResult RunWithoutPtrace(IEnumerable<string> arguments, IDictionary<string, string?>? environment) =>
        RunWithout("cap_sys_ptrace", arguments, environment);

    /// <summary>
    /// Runs the real CLI also without CAP_PERFMON and CAP_SYS_ADMIN, either of which lets root read another user's (or
    /// a non-dumpable process's) /proc/&lt;pid&gt;/maps and smaps even without CAP_SYS_PTRACE.
    /// </summary>
    public static ProcessResult RunWithoutReadingOthersMemory(IEnumerable<string> arguments, IDictionary<string, string?>? environment = null) =>
        RunWithout("cap_sys_ptrace,cap_perfmon,cap_sys_admin", arguments, environment);

    private static ProcessResult RunWithout(string capabilities, IEnumerable<string> arguments, IDictionary<string, string?>? environment) =>
        ProcessRunner.Run("capsh", [$"--drop={capabilities}", "--", "-c", "exec \"$@\"", "memanalyzer", "dotnet", RepositoryPaths.MemAnalyzerDll, .. arguments],
            environment: environment);

    public static string Pid(TargetProcess target) => target.Pid.ToString(CultureInfo.InvariantCulture);

    private static void EnsureExists()
    {
        if (ProcessRunner.Run("id", ["-u", Name]).ExitCode != 0)
        {
            throw new InvalidOperationException($"the test user {Name} does not exist: run scripts/setup.sh");
        }
    }

    private static void Run(string program, params string[] arguments)
    {
        var result = ProcessRunner.Run(program, arguments);
        if (result.ExitCode != 0)
        {
            throw new InvalidOperationException($"{program} failed: {result}");
        }
    }
}

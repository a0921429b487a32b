using System.Diagnostics;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// The Native AOT MemAnalyzer, installed once per test run by the real scripts/install.sh (which publishes it with
/// scripts/publish.sh) into a temporary prefix, and run as a user would run it from PATH. A failed install fails every
/// test that needs it, with the script's output: it is never skipped.
/// </summary>
public static class NativeBinary
{
    private static readonly TimeSpan s_installTimeout = TimeSpan.FromMinutes(10);
    private static readonly Lazy<Installation> s_installation = new(Install, LazyThreadSafetyMode.ExecutionAndPublication);

    /// <summary>PREFIX/bin/MemAnalyzer: the link install.sh put on the prefix.</summary>
    public static string Path => s_installation.Value.Executable;

    /// <summary>The directory the native executable and collect-dacs.sh were published into (PREFIX/lib/memanalyzer).</summary>
    public static string LibraryDirectory => s_installation.Value.LibraryDirectory;

    public static ProcessResult InstallOutput => s_installation.Value.Output;

    public static ProcessResult Run(params string[] arguments) => ProcessRunner.Run(Path, arguments, TimeSpan.FromMinutes(3));

    /// <summary>Starts the native CLI without waiting, for tests that kill it mid-run; its output is redirected.</summary>
    public static Process Start(params string[] arguments)
    {
        var info = new ProcessStartInfo(Path) { UseShellExecute = false, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }
        return Process.Start(info)!;
    }

    private static Installation Install()
    {
        var root = Directory.CreateTempSubdirectory("memanalyzer-native-").FullName;
        AppDomain.CurrentDomain.ProcessExit += (_, _) => Delete(root);
        var output = ProcessRunner.Run(System.IO.Path.Combine(RepositoryPaths.Root, "scripts", "install.sh"), [root], s_installTimeout);
        if (output.ExitCode != 0)
        {
            throw new InvalidOperationException($"scripts/install.sh could not publish the Native AOT MemAnalyzer (it needs clang and zlib1g-dev: scripts/setup.sh installs them)\n{output}");
        }
        return new Installation(System.IO.Path.Combine(root, "bin", "MemAnalyzer"), System.IO.Path.Combine(root, "lib", "memanalyzer"), output);
    }

    private static void Delete(string directory)
    {
        try
        {
            Directory.Delete(directory, recursive: true);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
        }
    }

    private sealed record Installation(string Executable, string LibraryDirectory, ProcessResult Output);
}

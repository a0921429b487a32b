namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// Runs the real MemAnalyzer command line as a child process, exactly as a user or script would: the JIT build
/// (dotnet MemAnalyzer.dll), or the executable that <see cref="ExecutableVariable"/> names, such as the Native AOT one
/// from scripts/publish.sh, to run the whole suite against it.
/// </summary>
public static class MemAnalyzerCli
{
    public const string ExecutableVariable = "MEMANALYZER_TEST_EXECUTABLE";

    private static readonly string? s_executable = Environment.GetEnvironmentVariable(ExecutableVariable) is { Length: > 0 } path ? path : null;

    public static ProcessResult Run(params string[] arguments) => Run(arguments, environment: null);

    public static ProcessResult Run(IEnumerable<string> arguments, IDictionary<string, string?>? environment, TimeSpan? timeout = null) =>
        s_executable is null
            ? ProcessRunner.Run("dotnet", [RepositoryPaths.MemAnalyzerDll, .. arguments], timeout, environment)
            : ProcessRunner.Run(s_executable, arguments, timeout, environment);

    /// <summary>The program and arguments that run the CLI with <paramref name="arguments"/>, for a wrapper to start it.</summary>
    public static IReadOnlyList<string> Command(IEnumerable<string> arguments) =>
        s_executable is null ? ["dotnet", RepositoryPaths.MemAnalyzerDll, .. arguments] : [s_executable, .. arguments];

    /// <summary>Starts the CLI without waiting, for tests that kill or signal it mid-run; its output is redirected.</summary>
    public static System.Diagnostics.Process Start(params string[] arguments) => Start(arguments, new Dictionary<string, string>());

    /// <summary>Starts the CLI without waiting, with extra environment variables (fault injection).</summary>
    public static System.Diagnostics.Process Start(IEnumerable<string> arguments, IReadOnlyDictionary<string, string> environment)
    {
        var info = new System.Diagnostics.ProcessStartInfo(s_executable ?? "dotnet") { UseShellExecute = false, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var (name, value) in environment)
        {
            info.Environment[name] = value;
        }
        if (s_executable is null)
        {
            info.ArgumentList.Add(RepositoryPaths.MemAnalyzerDll);
        }
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }
        return System.Diagnostics.Process.Start(info)!;
    }
}

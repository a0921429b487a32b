namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>Runs the real MemAnalyzer command line as a child process, exactly as a user or script would.</summary>
public static class MemAnalyzerCli
{
    public static ProcessResult Run(params string[] arguments) => Run(arguments, environment: null);

    public static ProcessResult Run(IEnumerable<string> arguments, IDictionary<string, string?>? environment, TimeSpan? timeout = null) =>
        ProcessRunner.Run("dotnet", [RepositoryPaths.MemAnalyzerDll, .. arguments], timeout, environment);

    /// <summary>Starts the CLI without waiting, for tests that kill or signal it mid-run; its output is redirected.</summary>
    public static System.Diagnostics.Process Start(params string[] arguments) => Start(arguments, new Dictionary<string, string>());

    /// <summary>Starts the CLI without waiting, with extra environment variables (fault injection).</summary>
    public static System.Diagnostics.Process Start(IEnumerable<string> arguments, IReadOnlyDictionary<string, string> environment)
    {
        var info = new System.Diagnostics.ProcessStartInfo("dotnet") { UseShellExecute = false, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var (name, value) in environment)
        {
            info.Environment[name] = value;
        }
        info.ArgumentList.Add(RepositoryPaths.MemAnalyzerDll);
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }
        return System.Diagnostics.Process.Start(info)!;
    }
}

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>Runs the real MemAnalyzer command line as a child process, exactly as a user or script would.</summary>
public static class MemAnalyzerCli
{
    public static ProcessResult Run(params string[] arguments) => Run(arguments, environment: null);

    public static ProcessResult Run(IEnumerable<string> arguments, IDictionary<string, string?>? environment, TimeSpan? timeout = null) =>
        ProcessRunner.Run("dotnet", [RepositoryPaths.MemAnalyzerDll, .. arguments], timeout, environment);
}

namespace MemAnalyzer.Tests.Infrastructure;

public static class RepositoryPaths
{
    public static string Root { get; } = FindRoot();

    public static string TestTargets => Path.Combine(Root, "MemAnalyzer.Tests", "TestTargets");

    /// <summary>The MemAnalyzer.dll built beside the tests (the project reference copies it).</summary>
    public static string MemAnalyzerDll => Path.Combine(AppContext.BaseDirectory, "MemAnalyzer.dll");

    private static string FindRoot()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "MemAnalyzer.sln")))
            {
                return directory.FullName;
            }
        }
        throw new InvalidOperationException($"MemAnalyzer.sln not found above {AppContext.BaseDirectory}");
    }
}

using Microsoft.Extensions.DependencyInjection;

namespace MemAnalyzer.TestTargets.LeakyApp.Finished;

/// <summary>
/// "finished" mode: objects whose own state says they are finished (disposed, closed) and that statics still hold,
/// next to open ones of the same types, and ReleasedFinished more of each kind finished and dropped (ExpectedCounts.Finished.cs);
/// and one of each library pattern (LibraryPatternsScenario).
/// </summary>
public static class FinishedScenario
{
    private static readonly List<FinishedConnection> s_connections = [];
    private static readonly List<FileStream> s_files = [];
    private static readonly List<CancellationTokenSource> s_sources = [];
    private static readonly List<IServiceScope> s_scopes = [];
    private static readonly List<FinishedNativeHandle> s_handles = [];
    private static readonly List<MemoryStream> s_memoryStreams = [];
    private static ServiceProvider? s_provider;

    public static void Plant()
    {
        var directory = Directory.CreateTempSubdirectory("leakyapp-finished-").FullName;
        s_provider = new ServiceCollection().AddScoped<FinishedScopedService>().BuildServiceProvider();
        Plant(s_connections, ExpectedCounts.FinishedConnections, ExpectedCounts.OpenConnections, i => new FinishedConnection($"c{i}"));
        Plant(s_files, ExpectedCounts.FinishedFileStreams, ExpectedCounts.OpenFileStreams, i => Unlinked(Path.Combine(directory, $"f{i}")));
        Plant(s_sources, ExpectedCounts.FinishedTokenSources, ExpectedCounts.OpenTokenSources, _ => new CancellationTokenSource());
        Plant(s_scopes, ExpectedCounts.FinishedScopes, ExpectedCounts.OpenScopes, _ => Scope(s_provider));
        Plant(s_handles, ExpectedCounts.FinishedHandles, ExpectedCounts.OpenFinishedHandles, _ => new FinishedNativeHandle());
        Plant(s_memoryStreams, ExpectedCounts.FinishedMemoryStreams, 0, _ => new MemoryStream(16));
        Directory.Delete(directory);
        LibraryPatternsScenario.Plant();
    }

    /// <summary>The "morefinished" command: FinishedMoreConnections more connections disposed and kept (the same leak, grown).</summary>
    public static void More() => Plant(s_connections, ExpectedCounts.FinishedMoreConnections, 0, i => new FinishedConnection($"more{i}"));

    /// <summary>A real file, open, whose name is removed at once: nothing is left on disk, even when the process is killed.</summary>
    private static FileStream Unlinked(string path)
    {
        var stream = new FileStream(path, FileMode.Create);
        File.Delete(path);
        return stream;
    }

    private static IServiceScope Scope(IServiceProvider provider)
    {
        var scope = provider.CreateScope();
        scope.ServiceProvider.GetRequiredService<FinishedScopedService>();
        return scope;
    }

    /// <summary>finished instances disposed and kept, open ones kept, and ReleasedFinished more disposed and dropped.</summary>
    private static void Plant<T>(List<T> kept, int finished, int open, Func<int, T> create)
        where T : IDisposable
    {
        for (var i = 0; i < finished + open + ExpectedCounts.ReleasedFinished; i++)
        {
            var item = create(i);
            if (i < finished || i >= finished + open)
            {
                item.Dispose();
            }
            if (i < finished + open)
            {
                kept.Add(item);
            }
        }
    }
}

/// <summary>What each scope resolves, so that a scope has a service of its own to dispose.</summary>
public sealed class FinishedScopedService : IDisposable
{
    public int Disposals { get; private set; }

    public void Dispose() => Disposals++;
}

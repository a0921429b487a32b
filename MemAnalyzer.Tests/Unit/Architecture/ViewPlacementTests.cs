using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.Views;

namespace MemAnalyzer.Tests.Unit.Architecture;

/// <summary>
/// Where the views live: every view is a type in Views/ and in the catalog's list, and Cli/, Commands/ and Output/
/// name none of the catalog's views (neither its type nor its switches, nor in a file's name), so that a new view touches
/// none of them.
/// </summary>
public sealed class ViewPlacementTests
{
    private static readonly string[] ViewFree = ["Cli", "Commands", "Output"];

    [Fact]
    public void EveryViewIsATypeInViewsAndInTheCatalog()
    {
        var views = typeof(View).Assembly.GetTypes().Where(t => t.IsSubclassOf(typeof(View)) && !t.IsAbstract).ToList();

        Assert.All(views, t => Assert.Equal("MemAnalyzer.Views", t.Namespace));
        Assert.Equal(views.Select(t => t.Name).Order(StringComparer.Ordinal), ViewCatalog.All.Select(v => v.GetType().Name).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void CliCommandsAndOutputNameNoViewOfTheCatalog()
    {
        var product = Path.Combine(RepositoryPaths.Root, "MemAnalyzer");
        var names = ViewCatalog.All.SelectMany(v => v.Switches.Select(s => $"\"{s.Name}").Append(v.GetType().Name)).ToList();
        var naming = ViewFree.SelectMany(folder => Directory.EnumerateFiles(Path.Combine(product, folder), "*.cs", SearchOption.AllDirectories))
            .SelectMany(file => names.Where(File.ReadAllText(file).Contains).Select(name => $"{Path.GetRelativePath(product, file)} names {name}"))
            .ToList();

        Assert.True(naming.Count == 0, "views named outside Views/:\n" + string.Join("\n", naming));
    }

    [Fact]
    public void NoFileInCliCommandsOrOutputIsNamedAfterAViewOfTheCatalog()
    {
        var product = Path.Combine(RepositoryPaths.Root, "MemAnalyzer");
        var names = ViewCatalog.All.Select(v => v.GetType().Name[..^"View".Length])
            .SelectMany(name => name.EndsWith('s') ? [name, name[..^1]] : new[] { name })
            .Concat(["StringTable", "StringStatistics", "DString"]).ToList();
        var named = ViewFree.SelectMany(folder => Directory.EnumerateFiles(Path.Combine(product, folder), "*.cs", SearchOption.AllDirectories))
            .Select(file => Path.GetRelativePath(product, file).Replace(Path.DirectorySeparatorChar, '/'))
            .SelectMany(file => names.Where(name => Path.GetFileName(file).Contains(name, StringComparison.OrdinalIgnoreCase)).Select(name => $"{file} is named after {name}"))
            .ToList();

        Assert.True(named.Count == 0, "files named after a view outside Views/:\n" + string.Join("\n", named));
    }

    [Theory]
    [InlineData("Fragmentation")]
    [InlineData("Handle")]
    [InlineData("Finalizable")]
    [InlineData("Inspection")]
    public void AtMostTwoFilesOfCliCommandsOutputAndViewsCarryTheNameOfAView(string view)
    {
        var product = Path.Combine(RepositoryPaths.Root, "MemAnalyzer");
        var files = ViewFree.Append("Views").SelectMany(folder => Directory.EnumerateFiles(Path.Combine(product, folder), "*", SearchOption.AllDirectories))
            .Where(file => Path.GetFileName(file).Contains(view, StringComparison.OrdinalIgnoreCase))
            .Select(file => Path.GetRelativePath(product, file)).ToList();

        Assert.True(files.Count <= 2, $"{files.Count} files carry {view}: {string.Join(", ", files)}");
    }
}

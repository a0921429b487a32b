using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.Unit.Architecture;

/// <summary>
/// The layer rules of docs/development.md, checked against the compiled MemAnalyzer.dll: what each folder uses is read
/// from its types' signatures and method bodies, and must be exactly what the folder's row of the table allows.
/// </summary>
public class ArchitectureTests
{
    private static readonly string[] ForbiddenForCore = ["Cli", "Commands", "Output"];

    /// <summary>Environment.CurrentManagedThreadId is what the compiler's iterators call, not the code's own use.</summary>
    private const string CompilerIteratorCall = "System.Environment::get_CurrentManagedThreadId";

    private static readonly AssemblyDependencies Dependencies = AssemblyDependencies.Read(RepositoryPaths.MemAnalyzerDll);

    private static readonly DependencyTable Table =
        DependencyTable.Read(File.ReadAllText(Path.Combine(RepositoryPaths.Root, "docs", "development.md")));

    private static IEnumerable<string> ProductFolders(IReadOnlyDictionary<string, string> uses) =>
        uses.Keys.Where(name => !name.Contains('.') && !name.StartsWith('<'));

    [Fact]
    public void EveryProductFolderHasARowInTheDependencyTableAndEveryRowIsAFolder()
    {
        var folders = Directory.GetDirectories(Path.Combine(RepositoryPaths.Root, "MemAnalyzer"))
            .Select(directory => Path.GetFileName(directory)!)
            .Where(folder => folder is not ("bin" or "obj")).Append(AssemblyDependencies.RootFolder).Order(StringComparer.Ordinal).ToList();
        Assert.Equal(folders, Table.Rows.Keys.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void NoFolderUsesAFolderItsRowDoesNotAllow()
    {
        var violations = Dependencies.Uses
            .SelectMany(pair => ProductFolders(pair.Value)
                .Where(used => !Table.Rows[pair.Key].MayUse.Contains(used))
                .Select(used => $"{pair.Key} uses {used} (in {pair.Value[used]})"))
            .ToList();
        Assert.True(violations.Count == 0, "dependencies outside docs/development.md's table:\n" + string.Join("\n", violations));
    }

    [Fact]
    public void TheDependencyTableAllowsOnlyWhatEachFolderUses()
    {
        var stale = Table.Rows.Values
            .SelectMany(row => row.MayUse
                .Where(allowed => !(Dependencies.Uses.TryGetValue(row.Folder, out var uses) && uses.ContainsKey(allowed)))
                .Select(allowed => $"{row.Folder} may use {allowed} but does not"))
            .ToList();
        Assert.True(stale.Count == 0, "docs/development.md's table is out of date:\n" + string.Join("\n", stale));
    }

    [Fact]
    public void NoCoreFolderMayUseCliCommandsOrOutput()
    {
        var granted = Table.Rows.Values.Where(row => row.Core)
            .SelectMany(row => ForbiddenForCore.Where(row.MayUse.Contains).Select(folder => $"{row.Folder} → {folder}"))
            .ToList();
        Assert.True(granted.Count == 0, "core folders granted a forbidden folder: " + string.Join(", ", granted));
        Assert.Equal(["Analysis", "GcDump", "Heap", "Inspections", "Objects", "Retention", "Strings", "Suspects", "Trend", "Verdicts"], Table.Rows.Values.Where(row => row.Core).Select(row => row.Folder).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void NoCoreFolderTouchesConsoleOrEnvironment()
    {
        var touches = Table.Rows.Values.Where(row => row.Core && Dependencies.Uses.ContainsKey(row.Folder))
            .SelectMany(row => Dependencies.Uses[row.Folder]
                .Where(used => IsConsoleOrEnvironment(used.Key))
                .Select(used => $"{row.Folder} uses {used.Key} (in {used.Value})"))
            .ToList();
        Assert.True(touches.Count == 0, "core folders must get what they need as parameters:\n" + string.Join("\n", touches));
    }

    private static bool IsConsoleOrEnvironment(string name) =>
        name != CompilerIteratorCall
        && Regex.IsMatch(name, @"^System\.(Console|Environment)($|::|\+)");

    [Fact]
    public void EveryProductFileDeclaresTheNamespaceOfItsFolder()
    {
        var product = Path.Combine(RepositoryPaths.Root, "MemAnalyzer");
        // Program.cs holds the top-level statements, which have no namespace.
        var wrong = Directory.EnumerateFiles(product, "*.cs", SearchOption.AllDirectories)
            .Where(file => Path.GetRelativePath(product, file).Split(Path.DirectorySeparatorChar)[0] is not ("bin" or "obj" or "Program.cs"))
            .Select(file => (file, folder: Path.GetRelativePath(product, file).Split(Path.DirectorySeparatorChar) is [var first, _, ..] ? first : null))
            .Where(item => !File.ReadAllText(item.file).Contains(
                item.folder is null ? "namespace MemAnalyzer;" : $"namespace MemAnalyzer.{item.folder};", StringComparison.Ordinal))
            .Select(item => Path.GetRelativePath(product, item.file))
            .ToList();
        Assert.True(wrong.Count == 0, "files whose namespace is not their folder's: " + string.Join(", ", wrong));
    }
}

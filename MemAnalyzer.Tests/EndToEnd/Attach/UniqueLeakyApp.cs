using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Attach;

/// <summary>
/// A LeakyApp started from a copy in a directory of its own, so that its command line is unique on a machine where
/// other LeakyApps run; -ps lists it, and -pid finds it by its command line.
/// </summary>
public sealed class UniqueLeakyApp : IDisposable
{
    private readonly TempDirectory _directory = new();

    public UniqueLeakyApp()
    {
        var built = Path.GetDirectoryName(TestTargetBuilder.Build("LeakyApp"))!;
        foreach (var file in Directory.EnumerateFiles(built))
        {
            File.Copy(file, _directory.File(Path.GetFileName(file)));
        }
        Dll = _directory.File("LeakyApp.dll");
        Target = Start();
    }

    /// <summary>The copied app's path: text that only the command lines of this fixture's processes contain.</summary>
    public string Dll { get; }

    public TargetProcess Target { get; }

    public TargetProcess Start() => TargetProcess.StartProgram("dotnet", Dll, "roots");

    public void Dispose()
    {
        Target.Dispose();
        _directory.Dispose();
    }
}

using MemAnalyzer.TestTargets;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.GcDump;

/// <summary>
/// One LeakyApp (walkthrough mode) and what the real dotnet-gcdump wrote of it: a gcdump, then after one "leak" command
/// (ExpectedCounts.LeakedPerIteration more LeakedItem objects) a second gcdump, then, with the process frozen, a core
/// dump of that same state.
/// </summary>
public sealed class GcDumpScenario : IDisposable
{
    private readonly TempDirectory _directory = new();

    public GcDumpScenario()
    {
        Target = TargetProcess.Start("LeakyApp", "walkthrough");
        First = GcDumpOracle.Collect(Target.Pid, _directory.File("first.gcdump"));
        Target.Send("leak", "LEAKED");
        Second = GcDumpOracle.Collect(Target.Pid, _directory.File("second.gcdump"));
        using (var frozen = Target.Freeze())
        {
            SecondDump = frozen.WriteDump(_directory.File("second.dmp"));
        }
    }

    public TargetProcess Target { get; }

    public string First { get; }

    public string Second { get; }

    /// <summary>A core dump of the state <see cref="Second"/> holds.</summary>
    public string SecondDump { get; }

    public string File(string name) => _directory.File(name);

    public void Dispose()
    {
        Target.Dispose();
        _directory.Dispose();
    }

    /// <summary>The planted types and how many live instances each has in <see cref="First"/>.</summary>
    public static IReadOnlyDictionary<string, long> PlantedBefore { get; } = new Dictionary<string, long>
    {
        [ExpectedCounts.TargetNamespace + ".DataInstance"] = ExpectedCounts.DataInstances,
        [ExpectedCounts.TargetNamespace + ".BeforeOnlyItem"] = ExpectedCounts.BeforeOnlyItems,
    };
}

[CollectionDefinition(Name)]
public sealed class GcDumpCollection : ICollectionFixture<GcDumpScenario>
{
    public const string Name = "gcdumps of one LeakyApp";
}

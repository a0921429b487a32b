using MemAnalyzer.Analysis;
using MemAnalyzer.Dac;
using MemAnalyzer.Heap;
using MemAnalyzer.Targets;
using MemAnalyzer.Tests.EndToEnd.Strings;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.Integration.Targets;

/// <summary>A target is opened once: the walks read a dump's memory through the core file the session opened, never reopening it.</summary>
[Collection(StringsCollection.Name)]
public sealed class TargetSessionTests(StringsScenario scenario) : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void TheWalkReadsTheCoreFileTheSessionOpenedEvenAfterTheFileWasRenamed()
    {
        var copy = _directory.File("opened.dmp");
        File.Copy(scenario.DumpPath, copy);
        var expected = ClrMdOracle.Compute(scenario.DumpPath, ObjectSet.All);
        using var session = TargetSession.OpenDump(copy, DacSearchLocations.FromEnvironment([], ignoreMismatch: false));
        // Reopening the dump by its name would now find nothing, and fall back to ClrMD's reader.
        File.Move(copy, _directory.File("renamed.dmp"));

        var source = session.Heap;
        var snapshot = HeapStatisticsCollector.Collect(source, ObjectSelection.All, WalkOptions.SingleThreaded, CancellationToken.None);

        Assert.Equal("the dump file", source.Memory.Description);
        Assert.Same(source, session.Heap);
        Assert.Equal(expected.OrderBy(p => p.Key, StringComparer.Ordinal), snapshot.Types.ToDictionary(t => t.TypeName, t => (t.Count, t.Bytes)).OrderBy(p => p.Key, StringComparer.Ordinal));
    }
}

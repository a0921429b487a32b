namespace MemAnalyzer.Tests.EndToEnd;

/// <summary>
/// Tests that measure a pause or race another process against a deadline: xUnit runs a collection that disables
/// parallelization after all the others, one test at a time, so that the rest of the suite does not load the machine
/// while they measure. No fixture: each test starts what it measures.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class AloneCollection
{
    public const string Name = "timing tests, run alone";
}

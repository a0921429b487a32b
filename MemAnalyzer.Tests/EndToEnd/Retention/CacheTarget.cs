using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Retention;

/// <summary>
/// LeakyApp in "cache" mode twice: a ConcurrentDictionary with <see cref="SmallEntries"/> entries and one eight times
/// bigger, each with a heap dump; both processes stay up for the live-pid tests.
/// </summary>
public sealed class CacheTarget : IDisposable
{
    public const int SmallEntries = 3_000;

    public const int LargeEntries = 8 * SmallEntries;

    private readonly TempDirectory _directory = new();

    public CacheTarget()
    {
        Small = TargetProcess.Start("LeakyApp", "cache", "--count", "1", "--entries", SmallEntries.ToString(System.Globalization.CultureInfo.InvariantCulture));
        Large = TargetProcess.Start("LeakyApp", "cache", "--count", "1", "--entries", LargeEntries.ToString(System.Globalization.CultureInfo.InvariantCulture));
        SmallPath = Small.WriteDump(_directory.File("small.dmp"));
        LargePath = Large.WriteDump(_directory.File("large.dmp"));
    }

    public TargetProcess Small { get; }

    public TargetProcess Large { get; }

    public string SmallPath { get; }

    public string LargePath { get; }

    public void Dispose()
    {
        Small.Dispose();
        Large.Dispose();
        _directory.Dispose();
    }
}

/// <summary>Runs alone (after the parallel collections): <see cref="CacheRootPathTests"/> compares run times.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class CacheTargetCollection : ICollectionFixture<CacheTarget>
{
    public const string Name = "cache target";
}

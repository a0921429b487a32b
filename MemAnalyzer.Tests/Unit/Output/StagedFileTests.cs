using MemAnalyzer.Linux;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.Unit.Output;

public sealed class StagedFileTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    [Fact]
    public void OfSixteenThreadsPlacingANewFileAtOnceExactlyOneWinsAndTheFileIsItsWhole()
    {
        const int threads = 16, rounds = 200;
        for (var round = 0; round < rounds; round++)
        {
            var path = _directory.File($"race-{round}.csv");
            var placed = new bool[threads];
            using var start = new Barrier(threads);
            var workers = Enumerable.Range(0, threads).Select(i => new Thread(() =>
            {
                var staging = $"{path}.{i}.tmp";
                File.WriteAllText(staging, $"writer {i}\n");
                start.SignalAndWait();
                placed[i] = StagedFile.PlaceIfAbsent(staging, path);
                File.Delete(staging);
            })).ToList();
            workers.ForEach(w => w.Start());
            workers.ForEach(w => w.Join());

            var winners = Enumerable.Range(0, threads).Where(i => placed[i]).ToList();
            Assert.True(winners.Count == 1, $"round {round}: {winners.Count} threads placed the file");
            Assert.Equal($"writer {winners[0]}\n", File.ReadAllText(path));
        }
    }

    [Fact]
    public void AnExistingFileIsNeverReplacedAndTheStagedOneStaysForTheCaller()
    {
        var path = _directory.File("kept.csv");
        File.WriteAllText(path, "theirs");
        File.WriteAllText(path + ".tmp", "ours");

        Assert.False(StagedFile.PlaceIfAbsent(path + ".tmp", path));
        Assert.Equal(("theirs", "ours"), (File.ReadAllText(path), File.ReadAllText(path + ".tmp")));
    }

    public void Dispose() => _directory.Dispose();
}

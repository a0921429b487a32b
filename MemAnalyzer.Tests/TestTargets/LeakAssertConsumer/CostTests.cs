using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Text.RegularExpressions;
using MemAnalyzer.Testing;
using Xunit;

namespace LeakAssertConsumer;

/// <summary>
/// What the assertions cost in a test process of about 100,000 objects: a passing <c>Released</c>, a failing one (the
/// dump and its analysis included), and the process's peak resident memory during the failing one against its size
/// before it (once dumped: see below). It runs alone (no other test class of this project at the same time) and writes its measurements to
/// <c>cost.txt</c> in the output folder; the outer test (LeakAssertCostTests) checks them.
/// </summary>
[Collection(nameof(RunsAlone))]
public partial class CostTests
{
    /// <summary>The objects the test process holds beside the test host's own: 100,000 nodes of 24 B.</summary>
    public const int Population = 100_000;

    [Fact]
    public void APassingAndAFailingReleasedInAProcessOfAHundredThousandObjects()
    {
        Crowd.Nodes = [.. Enumerable.Range(0, Population).Select(i => new Node(i))];
        LeakAssert.Released(Create(_ => { })); // the first assertion loads the engine; it is not measured

        var passing = Stopwatch.StartNew();
        LeakAssert.Released(Create(_ => { }));
        passing.Stop();

        // Writing a heap dump faults in the memory the GC committed but never touched (createdump reads all of it; a
        // dotnet-dump of any process does the same): the process is this big once it has been dumped. A passing
        // NoLiveInstances writes a dump, reads it and deletes it.
        var untouched = Status("VmRSS");
        LeakAssert.NoLiveInstances<NeverMade>();
        File.WriteAllText("/proc/self/clear_refs", "5"); // resets the peak (VmHWM) to the resident size now
        var before = Status("VmRSS");
        var failing = Stopwatch.StartNew();
        var message = "";
        try
        {
            LeakAssert.Released(Create(s => Registry.Kept.Add(s)));
        }
        catch (LeakAssertionException e)
        {
            message = e.Message;
        }
        failing.Stop();
        var peak = Status("VmHWM");
        Registry.Kept.Clear();

        File.WriteAllText(Path.Combine(AppContext.BaseDirectory, "cost.txt"),
            $"passing_ms={passing.Elapsed.TotalMilliseconds:F0} failing_ms={failing.Elapsed.TotalMilliseconds:F0} rss_undumped_kb={untouched} rss_before_kb={before} peak_kb={peak}\n{message}");
        Assert.Contains("retains 1,048 B", message);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static WeakReference Create(Action<Session> hold)
    {
        var session = new Session();
        hold(session);
        return new WeakReference(session);
    }

    private static long Status(string field) =>
        long.Parse(Regex.Match(File.ReadAllText("/proc/self/status"), $@"{field}:\s+(\d+) kB").Groups[1].Value);

    private static class Crowd
    {
        public static Node[] Nodes = [];
    }
}

/// <summary>A type no test makes an instance of.</summary>
public sealed class NeverMade;

/// <summary>24 B: header, MethodTable and one int (padded).</summary>
public sealed record Node(int Id);

[CollectionDefinition(nameof(RunsAlone), DisableParallelization = true)]
public sealed class RunsAlone;

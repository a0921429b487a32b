using MemAnalyzer.Heap;
using MemAnalyzer.Output;

namespace MemAnalyzer.Tests.Unit.Performance;

public sealed class ProgressRendererTests
{
    [Fact]
    public void WalksShorterThanASecondShowNothing()
    {
        var terminal = new StringWriter();
        var progress = new ProgressRenderer(terminal);

        progress.Report(new HeapWalkProgress(WalkPhase.Walking, 50, 100, 1_000, TimeSpan.FromMilliseconds(900)));
        progress.Report(new HeapWalkProgress(WalkPhase.Done, 100, 100, 2_000, TimeSpan.FromMilliseconds(950)));

        Assert.Equal("", terminal.ToString());
    }

    [Fact]
    public void LongWalksShowPercentAndRateOnOneLineThatIsErasedAtTheEnd()
    {
        var terminal = new StringWriter();
        var progress = new ProgressRenderer(terminal);

        progress.Report(new HeapWalkProgress(WalkPhase.Walking, 0, 1048576 * 100, 0, TimeSpan.FromSeconds(1)));
        progress.Report(new HeapWalkProgress(WalkPhase.Walking, 1048576 * 45, 1048576 * 100, 4_500_000, TimeSpan.FromSeconds(1.5)));
        progress.Report(new HeapWalkProgress(WalkPhase.Walking, 1048576 * 46, 1048576 * 100, 4_600_000, TimeSpan.FromSeconds(1.55)));
        progress.Report(new HeapWalkProgress(WalkPhase.Done, 1048576 * 100, 1048576 * 100, 10_000_000, TimeSpan.FromSeconds(2)));

        var first = "walking heap: 0% of 100 MB, 0.0 M objects, 0.0 M objects/s";
        var second = "walking heap: 45% of 100 MB, 4.5 M objects, 9.0 M objects/s";
        // The third report comes within 200 ms of the second and is not drawn.
        Assert.Equal("\r" + first + "\r" + second.PadRight(first.Length) + "\r" + new string(' ', second.Length) + "\r", terminal.ToString());
    }

    [Fact]
    public void TheRateCountsFromThePhasesStartNotFromTheFirstDrawAfterTheQuietSecond()
    {
        var terminal = new StringWriter();
        var progress = new ProgressRenderer(terminal);

        progress.Report(new HeapWalkProgress(WalkPhase.Marking, 0, 0, 0, TimeSpan.FromMilliseconds(100)));
        progress.Report(new HeapWalkProgress(WalkPhase.Marking, 0, 0, 65_536, TimeSpan.FromMilliseconds(600)));
        progress.Report(new HeapWalkProgress(WalkPhase.Marking, 0, 0, 7_400_000, TimeSpan.FromMilliseconds(1_600)));

        // 7.4 M objects in the 1.5 s since the mark began: 4.9 M objects/s.
        Assert.Equal("\rmarking live objects: 7.4 M objects, 4.9 M objects/s", terminal.ToString());
    }

    [Fact]
    public void StringPassesShowWhichPassAndHowFarItHasCome()
    {
        var terminal = new StringWriter();
        var progress = new ProgressRenderer(terminal);

        progress.Report(new HeapWalkProgress(WalkPhase.Strings, 1048576 * 45, 1048576 * 100, 0, TimeSpan.FromSeconds(1.5), Pass: 2, Passes: 4));

        Assert.Equal("\rgrouping strings: pass 2 of 4, 45% of 100 MB", terminal.ToString());
    }
}

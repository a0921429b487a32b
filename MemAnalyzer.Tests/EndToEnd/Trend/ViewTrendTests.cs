using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;
using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.EndToEnd.Trend;

/// <summary>
/// -trend of the CSVs of -handles, -finalizable and -inspections ("inspect" and "finished" modes), each appended by three real runs on a live LeakyApp
/// with a growing stdin command between them: every row a series named by its key columns, with exact slopes; the
/// gate and the HTML page see the series; a view's diff CSV and a view CSV without its bytes are refused.
/// </summary>
public sealed class ViewTrendTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void ThreeHandlesAndFinalizableRunsGiveThePinnedAndReadySeriesTheirExactSlopes()
    {
        var (handles, finalizable) = (_directory.File("handles.csv"), _directory.File("finalizable.csv"));
        using (var target = TargetProcess.Start("LeakyApp", "handles"))
        {
            for (var i = 1; i <= 3; i++)
            {
                Track(target, "-handles", handles, i);
                Track(target, "-finalizable", finalizable, i);
                if (i < 3)
                {
                    target.Send(HandlesMorePinnedCommand, HandlesMorePinnedAck);
                    target.Send(FinalizableMoreCommand, FinalizableMoreAck);
                }
            }
        }

        var handlesTrend = Trend(handles);
        Assert.Equal(("growing", $"+{HandlesMorePinned * HandlesPinnedArraySize:N0}", $"+{HandlesMorePinned:N0}", "3"), handlesTrend[$"Pinned {HandlesPinnedType}"]);
        var finalizableTrend = Trend(finalizable);
        Assert.Equal(("growing", $"+{FinalizableMoreReady * LeafSize:N0}", $"+{FinalizableMoreReady:N0}", "3"), finalizableTrend[$"Ready {FinalizableReadyType}"]);
        // Queued by the first command's GC: two points, a slope but no verdict.
        Assert.Equal(("too short", $"+{FinalizableUnreachable * LeafSize:N0}", $"+{FinalizableUnreachable:N0}", "2"), finalizableTrend[$"Ready {FinalizableUnreachableType}"]);

        var gate = MemAnalyzerCli.Run("-trend", handles, "-failongrowth", "1000000");
        Assert.True(gate.ExitCode == ExitCodes.GrowthAboveLimit, gate.ToString());
        Assert.Contains($"the fastest: Pinned {HandlesPinnedType} at +{HandlesMorePinned * HandlesPinnedArraySize:N0} bytes/iteration", CliAssert.ErrorMessage(gate.StandardError), StringComparison.Ordinal);
        Assert.Contains($"+{HandlesMorePinned * HandlesPinnedArraySize:N0}  Pinned {HandlesPinnedType}", gate.StandardOutput, StringComparison.Ordinal);
        var page = _directory.File("handles.html");
        var html = MemAnalyzerCli.Run("-trend", handles, "-html", page);
        Assert.True(html.ExitCode == 0, html.ToString());
        Assert.Contains($"Pinned {HandlesPinnedType}", File.ReadAllText(page), StringComparison.Ordinal);
    }

    [Fact]
    public void ThreeInspectionsRunsGiveTheGrowingFindingsTheirExactSlopes()
    {
        var path = _directory.File("inspections.csv");
        using (var target = TargetProcess.Start("LeakyApp", "inspect"))
        {
            for (var i = 1; i <= 3; i++)
            {
                Track(target, "-inspections", path, i);
                if (i < 3)
                {
                    target.Send(InspectMoreCommand, InspectMoreAck);
                }
            }
        }

        var trend = Trend(path);
        Assert.Equal(("growing", $"+{InspectMoreEmptyLists * InspectEmptyListCapacity * 8:N0}", $"+{InspectMoreEmptyLists}", "3"),
            trend[$"empty collections System.Collections.Generic.List<{InspectItemType}>"]);
        Assert.Equal(("growing", $"+{InspectMoreHandlers}", "3"), Without(trend[$"event handlers InspectPublisher.{InspectEventField}"]));
        Assert.Equal(("too short", $"+{InspectNewEmptyArrays * 24}", $"+{InspectNewEmptyArrays}", "2"), trend[$"empty arrays {InspectItemType}[]"]);
        Assert.Equal(("too short", "0", "0", "1"), trend[$"pending async InspectScenario.{InspectAsyncMethod}"]);
    }

    [Fact]
    public void ThreeInspectionsRunsGiveTheDisposedButReachableConnectionsTheirExactSlope()
    {
        var path = _directory.File("finished.csv");
        using (var target = TargetProcess.Start("LeakyApp", FinishedMode))
        {
            for (var i = 1; i <= 3; i++)
            {
                Track(target, "-inspections", path, i);
                if (i < 3)
                {
                    target.Send(FinishedMoreCommand, FinishedMoreAck);
                }
            }
        }

        var trend = Trend(path);
        Assert.Equal(("growing", $"+{FinishedMoreConnections * FinishedConnectionSize:N0}", $"+{FinishedMoreConnections}", "3"),
            trend[$"disposed but reachable {FinishedConnectionType}"]);
    }

    [Fact]
    public void AViewsDiffCsvOrAViewCsvWithoutItsBytesColumnIsRefusedWithTheTrendsExitCode()
    {
        var diff = _directory.File("handles-diff.csv");
        File.WriteAllText(diff, "Kind,Type,Handles,Handles2,DeltaHandles,Bytes(Bytes),Bytes2(Bytes),DeltaBytes(Bytes)\nPinned,System.Byte[],1,2,1,24,48,24\n");
        var noBytes = _directory.File("finalizable.csv");
        File.WriteAllText(noBytes, "State;Type;Objects;ProcessId;Time;Context\nReady;T;1;7;2026-01-01 00:00:00;iteration 1\n");

        CliAssert.Error(MemAnalyzerCli.Run("-trend", diff), ExitCodes.TrendCsvInvalid,
            $"'{diff}' cannot be read as a tracking CSV: it is a -handles diff CSV (written with -f2/-pid2); a trend needs the rows of single-target runs");
        CliAssert.Error(MemAnalyzerCli.Run("-trend", noBytes), ExitCodes.TrendCsvInvalid,
            $"'{noBytes}' cannot be read as a tracking CSV: it is a -finalizable CSV without a Bytes(Bytes/KB/MB/GB) column: it was not written by MemAnalyzer -o");
    }

    private static void Track(TargetProcess target, string view, string csv, int iteration)
    {
        var result = MemAnalyzerCli.Run("-pid", target.Pid.ToString(CultureInfo.InvariantCulture), view, "-o", csv, "-context", $"iteration {iteration}", "-silent");
        Assert.True(result.ExitCode == 0, result.ToString());
    }

    private static (string Verdict, string Count, string Points) Without((string Verdict, string Bytes, string Count, string Points) row) => (row.Verdict, row.Count, row.Points);

    /// <summary>The trend's table of series: label → (verdict, bytes/iteration, instances/iteration, points), cut at the header's Series column.</summary>
    private static Dictionary<string, (string Verdict, string Bytes, string Count, string Points)> Trend(string csv)
    {
        var result = MemAnalyzerCli.Run("-trend", csv);
        Assert.True(result.ExitCode == 0, result.ToString());
        return TrendSeriesOutput.Parse(result.StandardOutput);
    }
}

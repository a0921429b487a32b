using System.Globalization;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.EndToEnd.Suspects;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Web;

/// <summary>
/// A real ASP.NET Core app whose every request leaves its scoped watcher subscribed to a singleton's event: the root
/// path reads as the app's code (the singleton of the app's ServiceProvider, not the host's internals), and the leak
/// keeps its signature as the requests grow; -inspections on the live server pauses it about as long as -live does.
/// </summary>
public sealed partial class WebLeakTests(WebLeaksTarget target) : IClassFixture<WebLeaksTarget>
{
    private const string Singleton = "singleton " + ExpectedCounts.WebBoardType + " of the app's ServiceProvider";
    private const string ToList = Singleton + " → ▶PriceBoard.Changed → ▶EventHandler._invocationList → ▶Object[]";

    [Fact]
    public void TheWatchersPathStartsAtTheSingletonOfTheAppsServiceProviderAndCountsEveryRequest()
    {
        var run = MemAnalyzerCli.Run("-f", target.BeforePath, "-roots", ExpectedCounts.WebWatcherType);
        Assert.True(run.ExitCode == 0, run.ToString());
        var path = Assert.Single(run.StandardOutput.Split('\n').SkipWhile(l => !l.StartsWith("Instances", StringComparison.Ordinal)).Skip(1), l => l.Trim().Length > 0);
        Assert.Equal($"{WebLeaksTarget.FirstRequests:N0} {WebLeaksTarget.FirstRequests * ExpectedCounts.WebWatcherSize:N0} {ToList} → ▶EventHandler._target (QuoteWatcher.OnChanged) → ▶QuoteWatcher",
            string.Join(' ', path.Split(' ', StringSplitOptions.RemoveEmptyEntries)));
    }

    [Fact]
    public void TheLeakIsTheTopSuspectAtTheInvocationListWithOneSignatureAfterMoreRequests()
    {
        var before = Suspect(target.BeforePath);
        var after = Suspect(target.AfterPath);
        Assert.Equal(ToList, before.Path);
        Assert.Equal(ToList, after.Path);
        Assert.Equal(before.Signature, after.Signature);
        Assert.Equal(SignatureOracle.Of(ExpectedCounts.WebBoardType + ".Changed", "System.EventHandler._invocationList", "System.Object[]"), before.Signature);
    }

    [Fact]
    public void InspectionsOnTheLiveServerFindEveryWatcherAndPauseItAtMostFourTimesAsLongAsLive()
    {
        var pid = target.Process.Pid.ToString(CultureInfo.InvariantCulture);
        // Interleaved, so that a load that comes and goes falls on both; the shorter of two runs each. Under a load of
        // 11-17 on 2 cores: -live 1.4-2.2 s, -inspections 1.5-3 x that; 7.4 x (9.5 s) when the walk resolved every
        // field's type through ClrMD (a module-wide name search each), as before issue 46.
        var live = double.MaxValue;
        var inspections = double.MaxValue;
        for (var round = 0; round < 2; round++)
        {
            live = Math.Min(live, Paused(pid, "-live").Seconds);
            var (seconds, output) = Paused(pid, "-inspections");
            inspections = Math.Min(inspections, seconds);
            var handlers = WebLeaksTarget.FirstRequests + WebLeaksTarget.MoreRequests;
            var row = Assert.Single(output.Split('\n'), l => l.StartsWith("event handlers ", StringComparison.Ordinal));
            Assert.Equal($"event handlers {handlers:N0} PriceBoard.Changed QuoteWatcher.OnChanged ×{handlers:N0}",
                string.Join(' ', row.Split(' ', StringSplitOptions.RemoveEmptyEntries).Where((_, i) => i is not (3 or 4 or 5))));
        }
        Assert.True(inspections <= 4 * live, $"-live paused the server {live:F3} s, -inspections {inspections:F3} s");
    }

    private static (double Seconds, string Output) Paused(string pid, string view)
    {
        var result = MemAnalyzerCli.Run("-pid", pid, view);
        Assert.True(result.ExitCode == 0, result.ToString());
        var match = PauseNote().Match(result.StandardError);
        Assert.True(match.Success, result.ToString());
        return (double.Parse(match.Groups[1].Value, CultureInfo.InvariantCulture) / 1000, result.StandardOutput);
    }

    [GeneratedRegex(@"was suspended for (\d+) ms while its heap was read, then resumed")]
    private static partial Regex PauseNote();

    private static (string Path, string Signature) Suspect(string dump)
    {
        var run = MemAnalyzerCli.Run("-f", dump, "-suspects", "1");
        Assert.True(run.ExitCode == 0, run.ToString());
        var path = run.StandardOutput.Split('\n').First(l => l.StartsWith("   Root path: ", StringComparison.Ordinal))["   Root path: ".Length..];
        return (path, SignatureOutput.Parse(run.StandardOutput).Single().Signature);
    }
}

using MemAnalyzer.Tests.EndToEnd.Suspects;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Web;

/// <summary>
/// A real ASP.NET Core app whose every request leaves its scoped watcher subscribed to a singleton's event: the root
/// path reads as the app's code (the singleton of the app's ServiceProvider, not the host's internals), and the leak
/// keeps its signature as the requests grow.
/// </summary>
public sealed class WebLeakTests(WebLeaksTarget target) : IClassFixture<WebLeaksTarget>
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

    private static (string Path, string Signature) Suspect(string dump)
    {
        var run = MemAnalyzerCli.Run("-f", dump, "-suspects", "1");
        Assert.True(run.ExitCode == 0, run.ToString());
        var path = run.StandardOutput.Split('\n').First(l => l.StartsWith("   Root path: ", StringComparison.Ordinal))["   Root path: ".Length..];
        return (path, SignatureOutput.Parse(run.StandardOutput).Single().Signature);
    }
}

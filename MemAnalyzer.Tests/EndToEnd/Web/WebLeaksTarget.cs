using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Web;

/// <summary>
/// The WebLeaks app, a real ASP.NET Core app on loopback, called over HTTP as a client would: dumped after
/// <see cref="FirstRequests"/> GET /watch (Before) and after <see cref="MoreRequests"/> more (After).
/// </summary>
public sealed class WebLeaksTarget : IDisposable
{
    public const int FirstRequests = 2_000;
    public const int MoreRequests = 1_000;

    private readonly TempDirectory _directory = new();

    public WebLeaksTarget()
    {
        Process = TargetProcess.Start("WebLeaks");
        var address = Process.Send(ExpectedCounts.WebUrlCommand, ExpectedCounts.WebUrlAck)[(ExpectedCounts.WebUrlAck.Length + 1)..];
        using var client = new HttpClient { BaseAddress = new Uri(address) };
        Get(client, FirstRequests);
        BeforePath = Process.WriteDump(_directory.File("before.dmp"));
        Get(client, MoreRequests);
        AfterPath = Process.WriteDump(_directory.File("after.dmp"));
    }

    public TargetProcess Process { get; }

    public string BeforePath { get; }

    public string AfterPath { get; }

    private static void Get(HttpClient client, int requests)
    {
        for (var i = 0; i < requests; i++)
        {
            using var response = client.GetAsync(ExpectedCounts.WebWatchPath).GetAwaiter().GetResult();
            response.EnsureSuccessStatusCode();
        }
    }

    public void Dispose()
    {
        Process.Dispose();
        _directory.Dispose();
    }
}

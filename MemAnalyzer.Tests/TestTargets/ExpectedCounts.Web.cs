namespace MemAnalyzer.TestTargets;

/// <summary>What the WebLeaks app (a real ASP.NET Core app) plants: one QuoteWatcher per GET /watch, kept by the singleton PriceBoard's event.</summary>
public static partial class ExpectedCounts
{
    public const string WebNamespace = "MemAnalyzer.TestTargets.WebLeaks";
    public const string WebBoardType = WebNamespace + ".PriceBoard";
    public const string WebWatcherType = WebNamespace + ".QuoteWatcher";

    /// <summary>The endpoint that resolves a scoped QuoteWatcher.</summary>
    public const string WebWatchPath = "/watch";

    /// <summary>The stdin command that prints the app's address, and the start of its answer.</summary>
    public const string WebUrlCommand = "url";
    public const string WebUrlAck = "URL";

    /// <summary>Each watcher's byte[]: 16 + 8 + 1,000 = 1,024 bytes.</summary>
    public const int WebWatcherBufferLength = 1_000;

    /// <summary>QuoteWatcher: header 16 + a reference + an int = 28, rounded to 32.</summary>
    public const long WebWatcherSize = 32;
}

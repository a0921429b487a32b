namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>The real headless Chromium (scripts/setup.sh installs Debian's package): a page's DOM after its scripts ran, or a screenshot.</summary>
public static class Chromium
{
    /// <summary>The serialized DOM once the page has loaded and its scripts have run.</summary>
    public static string DumpDom(string url) => Run(["--dump-dom", url]);

    public static void Screenshot(string url, string png, int width, int height) =>
        Run([$"--window-size={width},{height}", $"--screenshot={png}", url]);

    /// <summary>
    /// A copy of an HTML file whose scripts the browser refuses to run (a Content-Security-Policy of script-src 'none'),
    /// as a reader with scripts turned off sees it. (Chromium's own switch to turn scripts off also stops --dump-dom and --screenshot.)
    /// </summary>
    public static string WithoutScripts(string html, string copy)
    {
        File.WriteAllText(copy, File.ReadAllText(html).Replace("<head>", "<head><meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'none'\">", StringComparison.Ordinal));
        return copy;
    }

    private static string Run(IEnumerable<string> arguments)
    {
        var result = ProcessRunner.Run("chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", .. arguments], TimeSpan.FromMinutes(1));
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.StandardOutput;
    }
}

using System.Globalization;
using System.Net;
using System.Text.Encodings.Web;
using MemAnalyzer.Analysis;

namespace MemAnalyzer.Output;

/// <summary>
/// What every MemAnalyzer page shares (the -trend report and the -html report of an analysis): the policy that keeps it
/// offline, the head, the base look and the escaping. Defined once so the two pages feel like one product.
/// </summary>
public static class HtmlLook
{
    /// <summary>Nothing may be fetched: only the page's own inline style and script run.</summary>
    public const string ContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'";

    public const string BaseStyle = """
        body { font-family: system-ui, sans-serif; margin: 24px; color: #222; }
        table { border-collapse: collapse; font-size: 13px; } td, th { padding: 3px 8px; border-bottom: 1px solid #ddd; }
        td.n { text-align: right; font-variant-numeric: tabular-nums; } .growing { color: #d62728; font-weight: bold; }
        """;

    /// <summary>The document up to the body's first element: doctype, policy, title and <paramref name="style"/> after the base look.</summary>
    public static string Head(string title, string style) => $"""
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="{ContentSecurityPolicy}">
        <title>{E(title)}</title>
        <style>
        {BaseStyle}
        {style}
        </style></head><body>

        """;

    /// <summary>Each part of Allocated(Total) keeps its colour in every report and chart.</summary>
    public static IReadOnlyDictionary<string, string> PartColors { get; } = new Dictionary<string, string>(StringComparer.Ordinal)
    {
        [RowLabels.ManagedAllocated] = "#1f77b4",
        [RowLabels.CommittedHeap] = "#2ca02c",
        [RowLabels.CommittedPrivate] = "#ff7f0e",
        [RowLabels.CommittedMappedFile] = "#9467bd",
        [RowLabels.CommittedShareable] = "#8c564b",
    };

    /// <summary>Text as HTML.</summary>
    public static string E(string text) => WebUtility.HtmlEncode(text);

    /// <summary>Text as a JavaScript string literal that is also safe inside a script element (&lt;, &gt;, &amp; and quotes escaped).</summary>
    public static string Js(string text) => "\"" + JavaScriptEncoder.Default.Encode(text) + "\"";

    /// <summary>A number as the page shows it: exact, with thousands separators.</summary>
    public static string N(long value) => value.ToString("N0", CultureInfo.InvariantCulture);

    /// <summary>A signed change: +1,024 or -512; 0 without a sign.</summary>
    public static string Delta(long value) => value > 0 ? "+" + N(value) : N(value);

    /// <summary>A size a person reads at a glance: 1.5 GB, 340.2 MB, 12.0 KB, 512 bytes.</summary>
    public static string Size(long bytes)
    {
        var magnitude = Math.Abs(bytes);
        return magnitude switch
        {
            >= 1L << 30 => (bytes / (double)(1L << 30)).ToString("0.0", CultureInfo.InvariantCulture) + " GB",
            >= 1L << 20 => (bytes / (double)(1L << 20)).ToString("0.0", CultureInfo.InvariantCulture) + " MB",
            >= 1L << 10 => (bytes / (double)(1L << 10)).ToString("0.0", CultureInfo.InvariantCulture) + " KB",
            _ => N(bytes) + " bytes",
        };
    }
}
